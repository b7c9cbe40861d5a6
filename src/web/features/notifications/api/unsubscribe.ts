import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/notifications/unsubscribe/{token}: no more mails about unread messages; no login needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post<{ success: boolean }>(`/api/notifications/unsubscribe/${encodeURIComponent(token)}`),
  });
}
