import type { FastifyInstance } from 'fastify';
import { galleryQueueQuery, galleryReviewSchema, moderationImageParams, moderationReasonSchema } from '../../../common/schemas/admin-moderation';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { createAdminGalleryService } from './gallery-service';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';

/** /api/admin/gallery: the moderation grid and what an admin does to an image. */
export async function adminGalleryRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const gallery = createAdminGalleryService({ ctx: opts.ctx });
  const idOf = (params: unknown) => parse(moderationImageParams, params).id;
  const reasonOf = (body: unknown) => parse(moderationReasonSchema, body ?? {}).reason;

  app.get('/gallery', { config: { input: { query: galleryQueueQuery } } }, async (request) => {
    const { status, cursor } = parse(galleryQueueQuery, request.query);
    return { success: true, ...(await gallery.list(status, cursor, request.lang)) };
  });

  app.post('/gallery/review', { config: { input: { body: galleryReviewSchema } } }, async (request) => {
    const { ids } = parse(galleryReviewSchema, request.body ?? {});
    return { success: true, ...(await gallery.review(userOf(request).id, ids)) };
  });

  app.post('/gallery/:id/hide', { config: { input: { params: moderationImageParams, body: moderationReasonSchema } } }, async (request) => {
    const id = idOf(request.params);
    await gallery.hide(userOf(request).id, id, reasonOf(request.body));
    return { success: true };
  });

  app.post('/gallery/:id/unhide', { config: { input: { params: moderationImageParams, body: moderationReasonSchema } } }, async (request) => {
    const id = idOf(request.params);
    await gallery.unhide(userOf(request).id, id, reasonOf(request.body));
    return { success: true };
  });

  app.delete('/gallery/:id', { config: { input: { params: moderationImageParams, body: moderationReasonSchema } } }, async (request) => {
    const id = idOf(request.params);
    await gallery.remove(userOf(request).id, id, reasonOf(request.body));
    return { success: true };
  });
}
