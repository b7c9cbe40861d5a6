import type { FastifyInstance } from 'fastify';
import { promotionParams, promotionsQuery, publishSchema, reasonSchema, rescheduleSchema } from '../../../common/schemas/admin-money';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { requireAdmin } from './guard';
import { createAdminInstagramService } from './instagram-service';
import type { AdminRouteOptions } from './options';

/** /api/admin/instagram: the promotion requests and the decisions on them (publish, reschedule, reject). */
export async function adminInstagramRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const instagram = createAdminInstagramService(opts);

  app.get('/instagram/requests', { config: { input: { query: promotionsQuery } } }, async (request) => instagram.list(parse(promotionsQuery, request.query ?? {})));

  app.post('/instagram/requests/:id/publish', { config: { input: { params: promotionParams, body: publishSchema } } }, async (request) => {
    const { id } = parse(promotionParams, request.params);
    const { permalink } = parse(publishSchema, request.body ?? {});
    return { request: await instagram.publish(userOf(request).id, id, permalink) };
  });

  app.post('/instagram/requests/:id/reschedule', { config: { input: { params: promotionParams, body: rescheduleSchema } } }, async (request) => {
    const { id } = parse(promotionParams, request.params);
    const { plannedAt } = parse(rescheduleSchema, request.body ?? {});
    return { request: await instagram.reschedule(userOf(request).id, id, plannedAt) };
  });

  app.post('/instagram/requests/:id/reject', { config: { input: { params: promotionParams, body: reasonSchema } } }, async (request) => {
    const { id } = parse(promotionParams, request.params);
    const { reason } = parse(reasonSchema, request.body ?? {});
    return { request: await instagram.reject(userOf(request).id, id, reason) };
  });
}
