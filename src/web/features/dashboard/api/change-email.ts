import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** PUT /api/profile/email {email, password}: answers the message and the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => api.put<{ message: string; user: { email: string } }>('/api/profile/email', input),
  });
}
