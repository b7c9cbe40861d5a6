import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../common/schemas/contact';
import { api } from '../../../lib/api';

/** POST /api/contact: 201 {success, message}; failures carry {error}. */
export function sendContact(input: ContactInput) {
  return api.post<{ success: boolean; message?: string }>('/api/contact', input);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
