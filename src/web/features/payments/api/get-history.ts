import { useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentHistoryAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/history?page=: the own payments, newest first, 20 a page ("load more"). */
export function usePaymentHistory() {
  return useInfiniteQuery({
    queryKey: paymentKeys.history,
    queryFn: ({ pageParam, signal }) => api.get<PaymentHistoryAnswer>(`/api/payments/history?page=${pageParam}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: PaymentHistoryAnswer) => (last.hasMore ? last.page + 1 : undefined),
  });
}
