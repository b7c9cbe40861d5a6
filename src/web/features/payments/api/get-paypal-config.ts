import { useQuery } from '@tanstack/react-query';
import type { PaypalConfigAnswer } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

/** GET /api/config/paypal: the public client id PayPal's buttons need; asked only when PayPal is the provider. */
export function usePaypalConfig(enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.paypalConfig,
    queryFn: ({ signal }) => api.get<PaypalConfigAnswer>('/api/config/paypal', { signal }),
    enabled,
  });
}
