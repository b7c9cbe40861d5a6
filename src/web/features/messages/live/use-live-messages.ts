import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session';
import { saveLocalUser } from '../local-copy';
import { liveConnection } from './connection';

/**
 * Keeps the tab's live stream open while the calling screen is shown and a user is logged in;
 * every screen showing messages or the unread count calls it. The stream is shared.
 */
export function useLiveMessages(): void {
  const qc = useQueryClient();
  const { state, user } = useSession();
  const me = state === 'loggedIn' ? user?.id : undefined;
  useEffect(() => {
    if (me === undefined || !user) return;
    saveLocalUser(user);
    return liveConnection.acquire(me, qc);
    // The stream belongs to the user id; other changes of the user object need no new stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me, qc]);
}

/** The stream's state and its last events, for the messaging test page. */
export function useLiveLog() {
  const log = useSyncExternalStore(
    (listener) => liveConnection.subscribe(listener),
    () => liveConnection.log,
    () => liveConnection.log,
  );
  return { log, status: liveConnection.status };
}
