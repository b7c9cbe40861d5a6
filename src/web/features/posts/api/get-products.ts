import { useQuery } from '@tanstack/react-query';
import type { ProductsAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

/** GET /api/payments/products: prices, and for a logged-in user what they may buy and their credits. */
export function useProducts() {
  return useQuery({
    queryKey: postKeys.products,
    queryFn: ({ signal }) => api.get<ProductsAnswer>('/api/payments/products', { signal }),
    // Credits change through other pages and the provider's page: read them afresh on every visit.
    refetchOnMount: 'always',
  });
}
