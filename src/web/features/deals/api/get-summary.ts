import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys } from './keys';

export interface DealSummary {
  pendingReceived: number;
  pendingSent: number;
  upcomingStays: number;
}

/** GET /api/deals/summary: the counts of the dashboard's Trips or Guests tile. */
export function useDealSummary() {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: dealKeys.summary(me),
    enabled: me > 0,
    queryFn: ({ signal }) => api.get<DealSummary>('/api/deals/summary', { signal }),
  });
}
