import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { captureOrderSchema, createOrderSchema, orderParams, testProviderActionSchema } from '../../../common/schemas/payments';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { PaymentService } from './service';
import { NO_INPUT } from '../../http/route-table';

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
  // The body is text PayPal signed; the signature, not a schema, decides whether it is believed.
  app.post('/paypal', { config: { input: { body: z.string() } } }, async (request) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    return payments.webhook({ headers: request.headers, rawBody });
  });
}

/** /api/payments: the catalogue (public), buying (logged in), the test provider's page and PayPal's webhook. */
export async function paymentRoutes(app: FastifyInstance, { payments }: PaymentRoutesOptions): Promise<void> {
  app.get('/products', { config: { input: NO_INPUT } }, async (request) => payments.products(request.user));

  app.post('/create-order', { config: { input: { body: createOrderSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(createOrderSchema, request.body ?? {});
    const answer = await payments.createOrder(userOf(request), input, request.lang);
    return reply.status(201).send(answer);
  });

  app.post('/capture-order', { config: { input: { body: captureOrderSchema } }, preHandler: requireUser }, async (request) => {
    const input = parse(captureOrderSchema, request.body ?? {});
    return payments.capture(userOf(request), input, request.lang);
  });

  app.get('/test-provider/orders/:orderId', { config: { input: { params: orderParams } }, preHandler: requireUser }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    return payments.testOrder(userOf(request), orderId);
  });

  app.post('/test-provider/orders/:orderId', { config: { input: { params: orderParams, body: testProviderActionSchema } }, preHandler: requireUser }, async (request) => {
    const { orderId } = parse(orderParams, request.params);
    const { action } = parse(testProviderActionSchema, request.body ?? {});
    return payments.testAction(userOf(request), orderId, action, request.lang);
  });

  await app.register(webhookRoutes, { prefix: '/webhook', payments });
}
