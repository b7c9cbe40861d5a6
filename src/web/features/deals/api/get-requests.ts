import { useInfiniteQuery } from '@tanstack/react-query';
import type { DealRequestStatus } from '../../../../common/deal-limits';
import type { DealRequestPage } from '../../../../common/schemas/deals';
import { api, toQuery } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys, type RequestKind, type RequestRole } from './keys';

export interface RequestFilter {
  role: RequestRole;
  status?: DealRequestStatus;
  kind?: RequestKind;
}

/** GET /api/applications: the viewer's sent or received applications and invitations, a page at a time by cursor. */
export function useDealRequests(filter: RequestFilter, enabled = true) {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: dealKeys.requests(me, filter),
    enabled: enabled && me > 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: DealRequestPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      api.get<DealRequestPage>(`/api/applications${toQuery({ role: filter.role, status: filter.status, kind: filter.kind, cursor: pageParam ?? undefined })}`, { signal }),
  });
}
