import { useQuery } from '@tanstack/react-query';
import type { DemandAnswer } from '../../../common/schemas/demand';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/** The demand's cache key, per logged-in user: a second account in the tab never reads the first one's. */
export const demandKeys = {
  own: (me: number) => ['demand', me] as const,
};

/** GET /api/demand: the own demand by city (an artist) or the artists coming (a studio); staff have none. */
export function useDemand() {
  const { user } = useSession();
  const me = user && user.role !== 'admin' ? user.id : 0;
  return useQuery({
    queryKey: demandKeys.own(me),
    enabled: me > 0,
    queryFn: ({ signal }) => api.get<DemandAnswer>('/api/demand', { signal }),
  });
}
