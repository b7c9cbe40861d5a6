import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

/**
 * POST (block) or DELETE (unblock) /api/users/{id}/block. A block hides the conversation from my
 * list and count and stops messages both ways, so every messaging answer is asked for again.
 */
export function useSetBlocked(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked ? api.post(`/api/users/${userId}/block`) : api.delete(`/api/users/${userId}/block`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.mine(me) }),
  });
}
