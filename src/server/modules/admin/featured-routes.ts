import type { FastifyInstance } from 'fastify';
import { featuredQuery, grantFeaturedSchema, reasonSchema, userParams } from '../../../common/schemas/admin-money';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { createAdminFeaturedService } from './featured-service';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';

/**
 * /api/admin/featured: who is featured and until when; and the grant and revoke of a user's
 * featured status, which live under /api/admin/users/{id}/featured with the user they change.
 */
export async function adminFeaturedRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const featured = createAdminFeaturedService(opts);

  app.get('/featured', { config: { input: { query: featuredQuery } } }, async (request) => featured.list(parse(featuredQuery, request.query ?? {}), request.lang));

  app.post('/users/:id/featured', { config: { input: { params: userParams, body: grantFeaturedSchema } } }, async (request) => {
    const { id } = parse(userParams, request.params);
    const input = parse(grantFeaturedSchema, request.body ?? {});
    return { success: true, ...(await featured.grant(userOf(request).id, id, input)) };
  });

  app.post('/users/:id/featured/revoke', { config: { input: { params: userParams, body: reasonSchema } } }, async (request) => {
    const { id } = parse(userParams, request.params);
    const { reason } = parse(reasonSchema, request.body ?? {});
    return { success: true, ...(await featured.revoke(userOf(request).id, id, reason)) };
  });
}
