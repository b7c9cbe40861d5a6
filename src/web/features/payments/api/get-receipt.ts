import { useQuery } from '@tanstack/react-query';
import type { ReceiptAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/{id}/receipt: the receipt of a completed order as data, for the printable page. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: paymentKeys.receipt(id),
    queryFn: ({ signal }) => api.get<ReceiptAnswer>(`/api/payments/${encodeURIComponent(id)}/receipt`, { signal }),
    select: (answer) => answer.receipt,
  });
}
