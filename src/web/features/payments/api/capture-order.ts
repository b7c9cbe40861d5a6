import { useMutation } from '@tanstack/react-query';
import type { CaptureOrderAnswer, CaptureOrderInput } from '../../../../common/schemas/payments';
import { api } from '../../../lib/api';

/** POST /api/payments/capture-order with OUR order id, once the buyer approved at the provider. */
export function useCaptureOrder() {
  return useMutation({
    mutationFn: (input: CaptureOrderInput) => api.post<CaptureOrderAnswer>('/api/payments/capture-order', input),
  });
}
