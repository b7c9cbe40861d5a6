import { useTranslation } from '../../../i18n/react';
import { buildPath } from '../../../../common/routes';
import { ApiError } from '../../../lib/api';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSession } from '../../../lib/session';
import { Card } from '../../../ui/card';
import { useHint } from '../../../ui/hints';
import { Skeleton } from '../../../ui/skeleton';
import { useDealSummary } from '../api/get-summary';
import { useDealLive } from '../use-deal-live';

/**
 * The dashboard's deals tile: an artist's "Trips" (upcoming stays, applications waiting for an
 * answer, invitations to answer), a studio's "Guests" (upcoming guests, applications to answer,
 * invitations waiting); a skeleton while loading, the empty text at nothing, the reason of a
 * failure in the hints box, and the way to Requests & stays.
 */
export function DealsTile() {
  const { t } = useTranslation('deals');
  const { user } = useSession();
  const summary = useDealSummary();
  useDealLive();
  const failed = summary.isError && !(summary.error instanceof DOMException);
  useHint('deals', failed ? (summary.error instanceof ApiError && summary.error.status !== 0 && summary.error.message) || t('tile.failed') : null);
  const artist = user?.userType !== 'studio';
  const data = summary.data;
  const lines = data
    ? artist
      ? [
          { key: 'upcoming', count: data.upcomingStays, text: t('tile.upcoming', { count: data.upcomingStays }) },
          { key: 'applications', count: data.pendingSent, text: t('tile.pendingApplications', { count: data.pendingSent }) },
          { key: 'invitations', count: data.pendingReceived, text: t('tile.pendingInvitations', { count: data.pendingReceived }) },
        ]
      : [
          { key: 'upcoming', count: data.upcomingStays, text: t('tile.upcomingGuests', { count: data.upcomingStays }) },
          { key: 'applications', count: data.pendingReceived, text: t('tile.pendingApplications', { count: data.pendingReceived }) },
          { key: 'invitations', count: data.pendingSent, text: t('tile.invitationsSent', { count: data.pendingSent }) },
        ]
    : [];
  const shown = lines.filter((line) => line.count > 0);
  return (
    <Card className="flex flex-col p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{t(artist ? 'tile.trips' : 'tile.guests')}</h2>
      {summary.isPending ? (
        <div role="status" aria-label={t('tile.loading')} className="mt-3">
          <Skeleton className="h-9 w-24" />
        </div>
      ) : !data ? (
        <p className="mt-3 text-ink-muted">–</p>
      ) : shown.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t(artist ? 'tile.emptyTrips' : 'tile.emptyGuests')}</p>
      ) : (
        <ul className="mt-2 space-y-0.5">
          {shown.map((line, i) => (
            <li key={line.key} className={i === 0 ? 'text-xl font-extrabold' : 'text-sm'}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold">
        <LocalizedLink to={buildPath('dealRequests')}>{t('tile.open')}</LocalizedLink>
      </p>
    </Card>
  );
}
