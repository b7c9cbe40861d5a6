import type { FastifyInstance } from 'fastify';
import { paymentsQuery, priceSchema, productParams } from '../../../common/schemas/admin-money';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';
import { createPremiumService } from './premium-service';
import { NO_INPUT } from '../../http/route-table';

/** /api/admin/premium: the catalogue's prices and the payment ledger (JSON and CSV). */
export async function adminPremiumRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const premium = createPremiumService(opts);

  app.get('/premium/catalogue', { config: { input: NO_INPUT } }, async () => premium.catalogue());

  app.put('/premium/catalogue/:productType', { config: { input: { params: productParams, body: priceSchema } } }, async (request) => {
    const { productType } = parse(productParams, request.params);
    const { amountCents } = parse(priceSchema, request.body ?? {});
    return { product: await premium.setPrice(userOf(request).id, productType, amountCents) };
  });

  app.get('/premium/payments', { config: { input: { query: paymentsQuery } } }, async (request) => premium.ledger(parse(paymentsQuery, request.query ?? {})));

  app.get('/premium/payments.csv', { config: { input: { query: paymentsQuery } } }, async (request, reply) => {
    const { cursor: _ignored, ...filters } = parse(paymentsQuery, request.query ?? {});
    const csv = await premium.ledgerCsv(filters);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payments-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
}
