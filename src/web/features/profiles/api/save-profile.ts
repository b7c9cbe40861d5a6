import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateInput, ProfileUser } from '../../../../common/schemas/profile';
import { api } from '../../../lib/api';

/** PUT /api/users/{id}/profile; the caller puts the saved profile into its cache. */
export function useSaveProfile(id: number) {
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput): Promise<ProfileUser> =>
      (await api.put<{ success: boolean; user: ProfileUser }>(`/api/users/${id}/profile`, input)).user,
  });
}
