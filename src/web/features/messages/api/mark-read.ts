import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { markThreadRead } from '../cache';
import { messageKeys } from '../keys';

/**
 * PUT /api/messages/read/{contactId}: the contact's messages to me are read. The marks change at
 * once; the server's unread count follows (live or on the next poll).
 */
export function useMarkRead(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId }: { contactId: number; upToId: number }) =>
      api.put<{ success: boolean; updated: number }>(`/api/messages/read/${contactId}`),
    onSuccess: (answer, { contactId, upToId }) => {
      markThreadRead(qc, me, { readerId: me, contactId, readAt: new Date().toISOString(), upToId });
      if (answer.updated > 0) void qc.invalidateQueries({ queryKey: messageKeys.unread(me) });
    },
    // Failing to mark read is only logged, never shown: nothing is lost, and the next open tries again.
    onError: (err) => console.warn('Marking messages read failed', err),
  });
}
