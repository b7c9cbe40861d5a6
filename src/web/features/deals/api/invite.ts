import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestSpot } from '../../../../common/schemas/guest-spots';
import type { InviteInput } from '../../../../common/schemas/deals';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys } from './keys';

/** The studio's own spots an invitation may name: active and not over. */
export function useOwnSpots(enabled: boolean) {
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useQuery({
    queryKey: dealKeys.ownSpots(me),
    enabled: enabled && me > 0,
    queryFn: ({ signal }) =>
      api.get<GuestSpot[]>(`/api/guest-spots?studioId=${me}`, { signal }).then((spots) => spots.filter((s) => s.isActive && !s.ended)),
  });
}

/** POST /api/artist-availability/{id}/invite: 201 with the invitation's id. */
export function useInvite() {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useMutation({
    mutationFn: ({ availabilityId, body }: { availabilityId: number; body: InviteInput }) =>
      api.post<{ success: true; id: number }>(`/api/artist-availability/${availabilityId}/invite`, body).then((a) => a.id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealKeys.mine(me) }),
  });
}
