import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestActionAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { PURCHASE_DEPENDENT_KEYS } from './keys';

export type TestDecision = 'approve' | 'decline' | 'cancel';

/**
 * POST /api/payments/test-provider/orders/{orderId}: the buyer's decision. Whatever it was,
 * the cached catalogue, credits and history may no longer be the server's. The app's cache does
 * not refetch on mount, so they are dropped (not just marked stale) before the page the purchase
 * began on reads them again.
 */
export function useDecideTestOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TestDecision) =>
      api.post<TestActionAnswer>(`/api/payments/test-provider/orders/${encodeURIComponent(orderId)}`, { action }),
    onSettled: () => {
      for (const queryKey of PURCHASE_DEPENDENT_KEYS) client.removeQueries({ queryKey, type: 'inactive' });
    },
  });
}
