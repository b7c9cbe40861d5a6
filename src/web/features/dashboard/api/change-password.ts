import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** PUT /api/profile/password {currentPassword, newPassword}; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.put<{ message: string }>('/api/profile/password', input),
  });
}
