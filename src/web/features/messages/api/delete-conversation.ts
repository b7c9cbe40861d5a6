import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '../../../../common/schemas/messages';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/** DELETE /api/messages/conversation/{contactId}: hidden for me only; a later message starts it afresh. */
export function useDeleteConversation(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => api.delete(`/api/messages/conversation/${contactId}`),
    onSuccess: (_answer, contactId) => {
      qc.setQueryData<Conversation[]>(messageKeys.conversations(me), (list) => list?.filter((c) => c.id !== contactId));
      qc.removeQueries({ queryKey: messageKeys.thread(me, contactId) });
      void qc.invalidateQueries({ queryKey: messageKeys.unread(me) });
    },
  });
}
