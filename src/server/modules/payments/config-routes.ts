import type { FastifyInstance } from 'fastify';
import type { PaypalConfigAnswer } from '../../../common/schemas/payments';
import type { PaymentService } from './service';

/** /api/config/paypal (public): what PayPal's buttons in the browser need; no secret leaves. */
export async function paymentConfigRoutes(app: FastifyInstance, { payments }: { payments: PaymentService }): Promise<void> {
  app.get('/paypal', async (): Promise<PaypalConfigAnswer> => payments.paypalConfig());
}
