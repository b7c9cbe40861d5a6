import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveSignal } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { dealKeys } from './api/keys';

/**
 * Fetches the viewer's requests, stays and counts again when the other side changes one (the
 * live `deal.changed`) or when events may have been missed. The header's bell keeps the tab's
 * stream open for every logged-in page, so this only listens.
 */
export function useDealLive(): void {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id;
  useEffect(() => {
    if (me === undefined) return;
    return onLiveSignal((signal) => {
      if (signal.type === 'deal.changed' || signal.type === 'live.gap') void qc.invalidateQueries({ queryKey: dealKeys.mine(me) });
    });
  }, [qc, me]);
}
