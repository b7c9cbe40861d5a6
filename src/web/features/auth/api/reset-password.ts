import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/reset-password {token, password}. */
export function useResetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => api.post<{ message: string }>('/api/auth/reset-password', input) });
}
