import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useSession } from '../auth';
import { useHint } from '../dashboard';
import { useGuestSpotCount } from './api';

/** The dashboard tile of a studio (document 1 §2): own guest spots with links to manage and add. */
export function GuestSpotsTile() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const count = useGuestSpotCount(user?.id);
  const failed = count.isError && !(count.error instanceof DOMException);
  useHint('guestSpots', failed ? (count.error instanceof ApiError && count.error.status !== 0 && count.error.message) || t('hints.guestSpots') : null);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t('guestSpots.title')}</h2>
      {count.isPending ? (
        <div role="status" aria-label={t('guestSpots.loading')} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : count.data === undefined ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : count.data === 0 ? (
        <p className="mt-3 text-ink-muted">{t('guestSpots.empty')}</p>
      ) : (
        <p className="mt-2 text-3xl font-extrabold">{t('guestSpots.count', { count: count.data })}</p>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">
        <LocalizedLink to="/guestspots/manage">{t('guestSpots.manage')}</LocalizedLink>
        <LocalizedLink to="/guestspot/new">{t('guestSpots.add')}</LocalizedLink>
      </p>
    </Card>
  );
}
