import { useQuery } from '@tanstack/react-query';
import type { TestOrderAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/test-provider/orders/{orderId}: what the test provider's approval page shows. */
export function useTestOrder(orderId: string) {
  return useQuery({
    queryKey: paymentKeys.testOrder(orderId),
    queryFn: ({ signal }) => api.get<TestOrderAnswer>(`/api/payments/test-provider/orders/${encodeURIComponent(orderId)}`, { signal }),
    select: (answer) => answer.order,
    // The order's state changes with every decision; never show an old one.
    staleTime: 0,
  });
}
