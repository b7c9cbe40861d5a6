import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { LocalizedLink } from '../../i18n/localized-link';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { useSession } from '../auth';
import { useHint } from '../dashboard';
import { useAvailabilityCount } from './api';

/** The dashboard tile of an artist (document 1 §2): own availabilities, 'view listings' and 'add one'. */
export function AvailabilityTile() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const count = useAvailabilityCount(user?.id);
  const failed = count.isError && !(count.error instanceof DOMException);
  useHint('availability', failed ? (count.error instanceof ApiError && count.error.status !== 0 && count.error.message) || t('hints.availability') : null);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t('availability.title')}</h2>
      {count.isPending ? (
        <div role="status" aria-label={t('availability.loading')} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : count.data === undefined ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : count.data === 0 ? (
        <p className="mt-3 text-ink-muted">{t('availability.empty')}</p>
      ) : (
        <p className="mt-2 text-3xl font-extrabold">{t('availability.count', { count: count.data })}</p>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">
        <LocalizedLink to="/artist-availability/manage">{t('availability.manage')}</LocalizedLink>
        <LocalizedLink to="/guestartist/new">{t('availability.add')}</LocalizedLink>
      </p>
    </Card>
  );
}
