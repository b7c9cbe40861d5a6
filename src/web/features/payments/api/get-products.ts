import { useQuery } from '@tanstack/react-query';
import type { ProductsAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/payments/products: prices in cents, what this account may buy, its credits and whether anything is sold here. */
export function useProducts() {
  return useQuery({
    queryKey: paymentKeys.products,
    queryFn: ({ signal }) => api.get<ProductsAnswer>('/api/payments/products', { signal }),
  });
}
