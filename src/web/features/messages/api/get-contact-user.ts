import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../../../common/schemas/profile';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/** Whether a conversation address names the contact by id (digits only) rather than by username. */
export const isIdRef = (ref: string) => /^\d+$/.test(ref);

/**
 * The contact of /messages/{userId or username}: GET /api/users/{id} for digits, else
 * GET /api/users/by-username/{username}.
 */
export function useContactUser(ref: string) {
  const url = isIdRef(ref) ? `/api/users/${ref}` : `/api/users/by-username/${encodeURIComponent(ref)}`;
  return useQuery({
    queryKey: messageKeys.contactUser(ref.toLowerCase()),
    queryFn: ({ signal }) => api.get<UserSummary>(url, { signal }),
    enabled: ref !== '',
  });
}
