import { useTranslation } from '../../../i18n/react';
import { useSession } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { LoadMoreButton } from '../../../ui/load-more';
import { Skeleton } from '../../../ui/skeleton';
import { useDealRequests } from '../api/get-requests';
import { useDealLive } from '../use-deal-live';
import { RequestCard } from './request-card';

/**
 * The applications a studio received, for the manage page: one query (one cached list) for all
 * its spots, each spot showing its own (`ApplicationsOfSpot`) below it.
 */
function useSpotApplications() {
  const { user } = useSession();
  return useDealRequests({ role: 'received', kind: 'application' }, user?.userType === 'studio');
}

/**
 * Older applications, of any spot, come with the next page: one button under the whole list.
 * Rendered once, it also listens for the live changes of the list.
 */
export function MoreApplications() {
  const { t } = useTranslation('deals');
  const query = useSpotApplications();
  useDealLive();
  return <LoadMoreButton query={query} label={t('loadMore')} />;
}

/**
 * One spot's applications on /guestspots/manage: the artist (name, avatar, profile link, latest
 * three works, rating, languages), the days and the state, with Accept and Decline.
 */
export function ApplicationsOfSpot({ spotId, title }: { spotId: number; title: string }) {
  const { t } = useTranslation('deals');
  const query = useSpotApplications();
  const headingId = `spot-${spotId}-applications`;
  const applications = (query.data?.pages.flatMap((page) => page.applications) ?? []).filter((a) => a.guestSpot?.id === spotId);
  return (
    // Named with the spot's title: every spot on the page has such a region, and each must be told apart.
    <section aria-label={t('manage.regionLabel', { title })} className="space-y-3">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        {t('manage.title')}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label={t('manage.loading')}>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <Alert tone="error">{query.error.message || t('manage.failed')}</Alert>
      ) : applications.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('manage.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {applications.map((application) => (
            <li key={application.id}>
              <RequestCard request={application} role="received" showListing={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
