import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/forgot-password {email}: answers the message to show, whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (input: { email: string }) => api.post<{ message: string }>('/api/auth/forgot-password', input) });
}
