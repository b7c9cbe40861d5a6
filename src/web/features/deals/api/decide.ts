import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DealRequest, DealRequestPage, Stay, StayPage } from '../../../../common/schemas/deals';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { dealKeys } from './keys';

export type Decision = 'accept' | 'decline' | 'withdraw';

const DECIDED: Record<Decision, DealRequest['status']> = { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' };

/** Marks one request decided in every cached list holding it, until the lists are read again. */
function markDecided(qc: QueryClient, me: number, id: number, decision: Decision, stayId: number | null, reason: string | null) {
  const decidedAt = new Date().toISOString();
  qc.setQueriesData<InfiniteData<DealRequestPage>>({ queryKey: dealKeys.requestLists(me) }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        applications: page.applications.map((r) => (r.id === id ? { ...r, status: DECIDED[decision], decidedAt, stayId: stayId ?? r.stayId, reason: reason ?? r.reason } : r)),
      })),
    },
  );
}

/**
 * POST /api/applications/{id}/accept|decline|withdraw. The server answers `{success, stay?}`,
 * not the request: the card turns decided in every list holding it (a filtered list keeps it
 * until it is read again, so the answer stays in view); the counts and stays are read again.
 */
export function useDecideRequest() {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useMutation({
    mutationFn: async ({ id, decision, reason }: { id: number; decision: Decision; reason?: string }): Promise<Stay | null> => {
      if (decision === 'accept') return (await api.post<{ success: true; stay: Stay }>(`/api/applications/${id}/accept`)).stay;
      await api.post<{ success: true }>(`/api/applications/${id}/${decision}`, decision === 'decline' && reason ? { reason } : {});
      return null;
    },
    onSuccess: async (stay, { id, decision, reason }) => {
      // A list read already under way (a live signal's) may have begun before the decision: its
      // answer would put the old state back, and nothing would read it again.
      await qc.cancelQueries({ queryKey: dealKeys.requestLists(me) });
      markDecided(qc, me, id, decision, stay?.id ?? null, decision === 'decline' && reason ? reason : null);
      void qc.invalidateQueries({ queryKey: dealKeys.summary(me) });
      void qc.invalidateQueries({ queryKey: ['deals', me, 'stays'] });
    },
  });
}

/** POST /api/stays/{id}/cancel {reason}: either side; the other is told why. */
export function useCancelStay() {
  const qc = useQueryClient();
  const { user } = useSession();
  const me = user?.id ?? 0;
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<Stay | { stay: Stay }>(`/api/stays/${id}/cancel`, { reason }),
    onSuccess: async (_answer, { id }) => {
      await qc.cancelQueries({ queryKey: ['deals', me, 'stays'] });
      qc.setQueriesData<InfiniteData<StayPage>>({ queryKey: ['deals', me, 'stays'] }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, stays: page.stays.map((s) => (s.id === id ? { ...s, status: 'cancelled' as const } : s)) })),
        },
      );
      void qc.invalidateQueries({ queryKey: dealKeys.mine(me) });
    },
  });
}
