import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageKeys } from '../keys';

export type ApplyAnswer =
  | { success: true; message: unknown; conversationId: number; alreadyApplied?: undefined }
  | { alreadyApplied: true; conversationId: number };

/** POST /api/guest-spots/{id}/apply: the studio gets the first message (201), or the earlier one counts (200). */
export function useApplyToGuestSpot(me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ spotId, content }: { spotId: number; content?: string }) =>
      api.post<ApplyAnswer>(`/api/guest-spots/${spotId}/apply`, content ? { content } : {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.mine(me) }),
  });
}
