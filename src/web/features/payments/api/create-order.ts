import { useMutation } from '@tanstack/react-query';
import type { CreateOrderAnswer, CreateOrderInput } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';

/** The create-order answer; PayPal's buttons read its `providerOrderId`. */
export type CreatedOrder = CreateOrderAnswer;

/** POST /api/payments/create-order: our order, then the test provider's page (`approveUrl`) or PayPal's order id. */
export function useCreateOrder() {
  return useMutation({
    mutationFn: (input: CreateOrderInput) => api.post<CreatedOrder>('/api/payments/create-order', input),
  });
}
