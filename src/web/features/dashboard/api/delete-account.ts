import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** DELETE /api/profile/account {password, confirmation}: the account and everything it posted. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { password: string; confirmation: string }) => api.delete('/api/profile/account', input),
  });
}
