import type { FastifyInstance } from 'fastify';
import { guestSpotPhotoOrderSchema, guestSpotPhotoParams, guestSpotPhotosParams } from '../../../common/schemas/guest-spot-photos';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { readUpload, withUploads } from '../../http/multipart';
import { consume } from '../../lib/rate-limit/index';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import type { GuestSpotPhotoService } from './photos-service';
import { IMAGE_ONLY } from '../../http/route-table';

export interface GuestSpotPhotoRoutesOptions {
  photos: GuestSpotPhotoService;
  rateLimits: AppContext['rateLimits'];
}

/** `/api/guest-spots/{id}/photos`: the workplace photos of one spot. */
export async function guestSpotPhotoRoutes(app: FastifyInstance, { photos, rateLimits }: GuestSpotPhotoRoutesOptions): Promise<void> {
  app.get('/:id/photos', { config: { input: { params: guestSpotPhotosParams } } }, async (request) => {
    const { id } = parse(guestSpotPhotosParams, request.params);
    return { success: true, photos: await photos.list(request.user, id) };
  });

  await withUploads(app, (scope) => {
    scope.post('/:id/photos', { config: { input: { params: guestSpotPhotosParams, upload: IMAGE_ONLY } }, preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      const { id } = parse(guestSpotPhotosParams, request.params);
      // Who, and whether there is room, are answered before the body is read; so is the rate limit.
      await photos.authorizeUpload(user, id);
      await consume(rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
      if (!upload.file || upload.file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      const { photo, photos: all } = await photos.upload(user, id, upload.file.buffer);
      return reply.status(201).send({ success: true, photo, photos: all });
    });
  });

  app.put('/:id/photos/order', { config: { input: { params: guestSpotPhotosParams, body: guestSpotPhotoOrderSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(guestSpotPhotosParams, request.params);
    const { ids } = parse(guestSpotPhotoOrderSchema, request.body ?? {});
    return { success: true, photos: await photos.reorder(userOf(request), id, ids) };
  });

  app.delete('/:id/photos/:photoId', { config: { input: { params: guestSpotPhotoParams } }, preHandler: requireUser }, async (request) => {
    const { id, photoId } = parse(guestSpotPhotoParams, request.params);
    return { success: true, photos: await photos.remove(userOf(request), id, photoId) };
  });
}
