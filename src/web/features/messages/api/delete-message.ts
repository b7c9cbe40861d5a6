import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';
import { removeMessage } from '../cache';

/** DELETE /api/messages/{id}: the sender's own message, gone for both. */
export function useDeleteMessage(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: Pick<Message, 'id' | 'senderId' | 'receiverId'>) => api.delete(`/api/messages/${message.id}`),
    onSuccess: (_answer, message) => removeMessage(qc, me, message),
  });
}
