import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { StayStatus } from '../../../../common/deal-limits';
import type { Stay, StayPage } from '../../../../common/schemas/deals';
import { api, toQuery } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys } from './keys';

/** GET /api/stays?status=: the viewer's stays on either side (as guest or as host), a page at a time. */
export function useStays(status: StayStatus) {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: dealKeys.stays(me, status),
    enabled: me > 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: StayPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api.get<StayPage>(`/api/stays${toQuery({ status, cursor: pageParam ?? undefined })}`, { signal }),
  });
}

/** GET /api/users/{id}/stays: a profile's confirmed and completed stays (public, without terms). */
export function useUserStays(userId: number) {
  return useQuery({
    queryKey: dealKeys.userStays(userId),
    queryFn: ({ signal }) => api.get<{ stays: Stay[] }>(`/api/users/${userId}/stays`, { signal }).then((a) => a.stays),
  });
}
