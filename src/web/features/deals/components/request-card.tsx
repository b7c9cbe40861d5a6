import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { DealRequestStatus } from '../../../../common/deal-limits';
import { buildPath, profilePathTo } from '../../../../common/routes';
import type { DealRequest } from '../../../../common/schemas/deals';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useDecideRequest, type Decision } from '../api/decide';
import type { RequestRole } from '../api/keys';
import { formatDayRange } from '../dates';
import { ArtistGlance } from './artist-glance';
import { DECLINE_REASON_MAX, ReasonDialog } from './reason-dialog';

const STATUS_TONES: Record<DealRequestStatus, BadgeTone> = {
  pending: 'neutral',
  accepted: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
  expired: 'neutral',
};

export function StatusBadge({ status }: { status: DealRequestStatus }) {
  const { t } = useTranslation('deals');
  return <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>;
}

/** Who sent a request: the artist applies, the studio invites. */
const senderOf = (request: DealRequest) => (request.kind === 'application' ? request.artist : request.studio);
const receiverOf = (request: DealRequest) => (request.kind === 'application' ? request.studio : request.artist);

/**
 * One application or invitation from the viewer's side (`role`): who it is from or to, what it
 * names, the days and its state; the receiver of a pending one accepts or declines, its sender
 * withdraws. A refusal (409: "overlaps a confirmed stay", "spot full") is shown on the card.
 */
export function RequestCard({ request, role, showListing = true }: { request: DealRequest; role: RequestRole; showListing?: boolean }) {
  const { t } = useTranslation('deals');
  const lang = useLanguage();
  const decide = useDecideRequest();
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const other = role === 'received' ? senderOf(request) : receiverOf(request);
  const pending = request.status === 'pending';
  const listing = request.guestSpot
    ? { title: request.guestSpot.title, href: buildPath('guestSpot', { slug: request.guestSpot.slug }) }
    : request.availability
      ? { title: request.availability.title, href: buildPath('tattooArtist', { slug: request.availability.slug }) }
      : null;

  const run = (decision: Decision, reason?: string) => {
    setError(null);
    return decide.mutateAsync({ id: request.id, decision, reason }).catch((err: unknown) => {
      setError((err instanceof Error && err.message) || t('failed'));
      throw err;
    });
  };

  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={other.avatar} name={other.name} username={other.username} size="md" decorative />
          <div className="min-w-0">
            <p className="text-sm text-ink-muted">
              {t(`kind.${request.kind}`)} · {t(role === 'received' ? 'card.from' : 'card.to')}
            </p>
            <LocalizedLink to={profilePathTo(other.username)} className="font-bold break-words">
              {other.name}
            </LocalizedLink>
          </div>
        </div>
        <StatusBadge status={request.status} />
      </div>
      {request.artistDetails && role === 'received' && <ArtistGlance name={request.artist.name} details={request.artistDetails} seed={request.artist.id} />}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {showListing && (
          <>
            <dt className="font-semibold text-ink-muted">{t(`kind.${request.kind}`)}</dt>
            <dd className="break-words">{listing ? <LocalizedLink to={listing.href}>{listing.title}</LocalizedLink> : t('ownTerms')}</dd>
          </>
        )}
        <dt className="font-semibold text-ink-muted">{t('card.dates')}</dt>
        <dd>{formatDayRange(request.startDate, request.endDate, lang)}</dd>
      </dl>
      {request.reason && <p className="text-sm break-words text-ink-muted">{t('card.declineReason', { reason: request.reason })}</p>}
      {error && <Alert tone="error">{error}</Alert>}
      {pending && (
        <div className="flex flex-wrap gap-2">
          {role === 'received' ? (
            <>
              <Button
                variant="primary"
                size="sm"
                loading={decide.isPending && decide.variables?.decision === 'accept'}
                disabled={decide.isPending}
                onClick={() => void run('accept').catch(() => undefined)}
              >
                {t('accept')}
              </Button>
              <Button size="sm" disabled={decide.isPending} onClick={() => setDeclining(true)} aria-haspopup="dialog">
                {t('decline.button')}
              </Button>
            </>
          ) : (
            <Button size="sm" loading={decide.isPending} onClick={() => void run('withdraw').catch(() => undefined)}>
              {t('withdraw')}
            </Button>
          )}
        </div>
      )}
      <ReasonDialog
        open={declining}
        onOpenChange={setDeclining}
        required={false}
        max={DECLINE_REASON_MAX}
        texts={{
          title: t('decline.title'),
          description: t('decline.description', { name: other.name }),
          reason: t('decline.reason'),
          optional: t('decline.optional'),
          confirm: t('decline.confirm'),
          cancel: t('decline.cancel'),
          close: t('decline.close'),
        }}
        // A refusal stays in the dialog, where the reason was written.
        onConfirm={(reason) => decide.mutateAsync({ id: request.id, decision: 'decline', reason: reason || undefined })}
      />
    </Card>
  );
}
