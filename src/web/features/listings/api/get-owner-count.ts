import { useQuery } from '@tanstack/react-query';
import { pageQueryKeys } from '../../../../common/page-queries';
import { api } from '../../../lib/api';
import type { KindApi } from '../kind-api';

/** The number of an owner's entries of a kind (`?{ownerParam}={id}&count=true`), for tab labels and the dashboard. */
export function useOwnerCount(kind: KindApi, ownerId: number | undefined) {
  return useQuery({
    queryKey: pageQueryKeys.ownerCount(kind.key, ownerId),
    enabled: ownerId !== undefined,
    queryFn: async ({ signal }) => (await api.get<{ count: number }>(`${kind.path}?${kind.ownerParam}=${ownerId}&count=true`, { signal })).count,
  });
}
