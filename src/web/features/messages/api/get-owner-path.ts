import { useQuery } from '@tanstack/react-query';
import type { ProfileUser } from '../../../../common/schemas/profile';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/** The own username from GET /api/users/{id}/profile, for the unread box's link. */
export function useOwnUsername(me: number) {
  return useQuery({
    queryKey: messageKeys.ownerPath(me),
    queryFn: ({ signal }) => api.get<{ user: ProfileUser }>(`/api/users/${me}/profile`, { signal }),
    select: (answer) => answer.user?.username ?? null,
  });
}
