import type { FastifyInstance } from 'fastify';
import { reportQueueQuery, resolveReportSchema } from '../../../common/schemas/admin-moderation';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { createAdminGalleryService } from './gallery-service';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';
import { createAdminReportService } from './reports-service';
import { createAdminUserService } from './users-service';

/** /api/admin/reports: the queue of reported targets and their resolution. */
export async function adminReportRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const { services } = opts;
  const reports = createAdminReportService({
    ctx: opts.ctx,
    gallery: createAdminGalleryService({ ctx: opts.ctx }),
    users: createAdminUserService({ ctx: opts.ctx, auth: services.auth }),
    listings: { guest_spot: services.guestSpots, availability: services.availabilities },
    spotFiles: services.spotPhotos.filesOfSpot,
    notify: services.notifications.notify,
    forum: services.forum.queueSteps,
  });

  app.get('/reports', { config: { input: { query: reportQueueQuery } } }, async (request) => {
    const query = parse(reportQueueQuery, request.query);
    return { success: true, ...(await reports.list(query)) };
  });

  app.post('/reports/resolve', { config: { input: { body: resolveReportSchema } } }, async (request) => {
    const input = parse(resolveReportSchema, request.body ?? {});
    return { success: true, ...(await reports.resolve(userOf(request).id, input)) };
  });
}
