import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ProfileImageKind } from './upload-profile-image';

/** DELETE /api/users/{id}/delete-image/{avatar|headerImage}. */
export function useDeleteProfileImage(id: number, kind: ProfileImageKind) {
  return useMutation({
    mutationFn: () => api.delete(`/api/users/${id}/delete-image/${kind === 'avatar' ? 'avatar' : 'headerImage'}`),
  });
}
