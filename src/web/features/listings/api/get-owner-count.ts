import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ListingKind } from '../kind';

/** The number of an owner's entries (`?{ownerParam}={id}&count=true`), for tab labels and the dashboard. */
export function useOwnerCount(kind: ListingKind, ownerId: number | undefined) {
  return useQuery({
    queryKey: [kind.api.key, 'count', ownerId],
    enabled: ownerId !== undefined,
    queryFn: async ({ signal }) => (await api.get<{ count: number }>(`${kind.api.path}?${kind.api.ownerParam}=${ownerId}&count=true`, { signal })).count,
  });
}
