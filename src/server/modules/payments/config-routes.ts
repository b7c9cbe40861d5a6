import type { FastifyInstance } from 'fastify';
import type { PaypalConfigAnswer } from '../../../common/schemas/payments';
import type { PaymentService } from './service';
import { NO_INPUT } from '../../http/route-table';

/** /api/config/paypal (public): what PayPal's buttons in the browser need; no secret leaves. */
export async function paymentConfigRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  app.get('/paypal', { config: { input: NO_INPUT } }, async (): Promise<PaypalConfigAnswer> => payments.paypalConfig());
}
