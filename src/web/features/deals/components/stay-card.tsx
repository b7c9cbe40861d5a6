import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { StayStatus } from '../../../../common/deal-limits';
import { profilePathTo } from '../../../../common/routes';
import type { Stay } from '../../../../common/schemas/deals';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { Avatar } from '../../../ui/avatar';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useCancelStay } from '../api/decide';
import { formatDayRange } from '../dates';
import { CANCEL_REASON_MAX, ReasonDialog } from './reason-dialog';

const STAY_TONES: Record<StayStatus, BadgeTone> = { confirmed: 'success', cancelled: 'danger', completed: 'neutral' };

/**
 * One stay from the viewer's side: the host studio for the guest, the guest for the studio; a
 * confirmed one can be cancelled with a reason. `actions` sit beside Cancel (the agreement's link).
 */
export function StayCard({ stay, actions }: { stay: Stay; actions?: ReactNode }) {
  const { t } = useTranslation(['deals', 'errors']);
  const lang = useLanguage();
  const { user } = useSession();
  const cancel = useCancelStay();
  const [cancelling, setCancelling] = useState(false);
  const asGuest = user?.id === stay.artist.id;
  const other = asGuest ? stay.studio : stay.artist;
  const range = formatDayRange(stay.startDate, stay.endDate, lang);
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={other.avatar} name={other.name} username={other.username} size="md" decorative />
          <div className="min-w-0">
            <p className="text-sm text-ink-muted">{t(asGuest ? 'card.guestAtLabel' : 'card.hostOfLabel')}</p>
            <LocalizedLink to={profilePathTo(other.username)} className="font-bold break-words">
              {other.name}
            </LocalizedLink>
          </div>
        </div>
        <Badge tone={STAY_TONES[stay.status]}>{t(`stayStatus.${stay.status}`)}</Badge>
      </div>
      <p className="text-sm">
        {range}
        {stay.city && <span className="text-ink-muted"> · {stay.city}</span>}
      </p>
      {stay.cancelReason && <p className="text-sm break-words text-ink-muted">{t('card.cancelReason', { reason: stay.cancelReason })}</p>}
      {(stay.status === 'confirmed' || actions) && (
        <div className="flex flex-wrap gap-2">
          {stay.status === 'confirmed' && (
            <Button size="sm" onClick={() => setCancelling(true)} aria-haspopup="dialog">
              {t('cancelStay.button')}
            </Button>
          )}
          {actions}
        </div>
      )}
      <ReasonDialog
        open={cancelling}
        onOpenChange={setCancelling}
        required
        max={CANCEL_REASON_MAX}
        texts={{
          title: t('cancelStay.title'),
          description: t('cancelStay.description', { name: other.name }),
          reason: t('cancelStay.reason'),
          confirm: t('cancelStay.confirm'),
          cancel: t('cancelStay.cancel'),
          close: t('cancelStay.close'),
          missing: t('errors:cancelReasonRequired'),
        }}
        onConfirm={(reason) => cancel.mutateAsync({ id: stay.id, reason })}
      />
    </Card>
  );
}
