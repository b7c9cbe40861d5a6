import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyToSpotInput } from '../../../../common/schemas/deals';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys } from './keys';

/** POST /api/guest-spots/{id}/apply with the chosen days and message: the studio gets it with the spot's card. */
export function useApplyToSpot() {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useMutation({
    mutationFn: ({ spotId, body }: { spotId: number; body: ApplyToSpotInput }) => api.post<unknown>(`/api/guest-spots/${spotId}/apply`, body),
    // The conversation list belongs to messaging, which refetches it on the live event.
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealKeys.mine(me) }),
  });
}
