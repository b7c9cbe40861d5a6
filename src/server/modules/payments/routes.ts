import type { FastifyInstance } from 'fastify';
import { captureOrderSchema, createOrderSchema, orderParams, testProviderActionSchema } from '../../../common/schemas/payments';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { PaymentService } from './service';

export interface PaymentRoutesOptions {
  payments: PaymentService;
}

/**
 * PayPal's webhook, in a scope of its own: no session, no login, and the body kept as the
 * exact text that arrived, because the signature check sends it back to PayPal as it was.
 */
async function webhookRoutes(app: FastifyInstance, { payments }: PaymentRoutesOptions): Promise<void> {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/paypal', async (request) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    return payments.webhook({ headers: request.headers, rawBody });
  });
}

/** /api/payments: the catalogue (public), buying (logged in), the test provider's page and PayPal's webhook. */
export async function paymentRoutes(app: FastifyInstance, { payments }: PaymentRoutesOptions): Promise<void> {
  app.get('/products', async (request) => payments.products(request.user));

  app.post('/create-order', { preHandler: requireUser }, async (request, reply) => {
    const input = parse(createOrderSchema, request.body ?? {});
    const answer = await payments.createOrder(userOf(request), input, request.lang);
    return reply.status(201).send(answer);
  });

  app.post('/capture-order', { preHandler: requireUser }, async (request) => {
    const input = parse(captureOrderSchema, request.body ?? {});
    return payments.capture(userOf(request), input, request.lang);
  });

  app.get('/test-provider/orders/:orderId', { preHandler: requireUser }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    return payments.testOrder(userOf(request), orderId);
  });

  app.post('/test-provider/orders/:orderId', { preHandler: requireUser }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const { action } = parse(testProviderActionSchema, request.body ?? {});
    return payments.testAction(userOf(request), orderId, action, request.lang);
  });

  await app.register(webhookRoutes, { prefix: '/webhook', payments });
}
