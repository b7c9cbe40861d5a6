import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// Visitors never need it, so neither the bell nor the live stream is in any page's first load.
const LiveBell = lazy(() => import('./live-bell').then((m) => ({ default: m.LiveBell })));

/** The notification bell in the header, for a logged-in user; fetched after the first paint. */
export function HeaderBell() {
  const { state, user } = useSession();
  if (state !== 'loggedIn' || !user) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-11" />}>
      <LiveBell me={user.id} />
    </Suspense>
  );
}
