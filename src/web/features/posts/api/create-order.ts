import { useMutation } from '@tanstack/react-query';
import type { CreateOrderAnswer, PromotionProduct } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';

/**
 * POST /api/payments/create-order for a promotion bought for one post: `returnPath` is the page
 * the purchase began on, where the test provider sends the buyer back with `?payment=`.
 */
export function useCreatePromotionOrder() {
  return useMutation({
    mutationFn: (input: { productType: PromotionProduct; postId: number; returnPath: string }) => api.post<CreateOrderAnswer>('/api/payments/create-order', input),
  });
}
