import type { FastifyInstance } from 'fastify';
import {
  galleryImageParams,
  galleryListQuery,
  galleryOrderSchema,
  galleryUpdateSchema,
  galleryUploadSchema,
} from '../../../common/schemas/gallery';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { replyPublic } from '../../http/answers';
import { requireUser, userOf } from '../../http/auth';
import { field, readUpload, withUploads } from '../../http/multipart';
import { idempotencyKeyOf, idempotentUpload } from '../../http/idempotency';
import { consume } from '../../lib/rate-limit/index';
import { t } from '../../i18n';
import { tags } from '../../lib/answer-cache/index';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { registerGalleryPages } from './pages';
import type { GalleryImage } from '../../../common/schemas/gallery';
import type { GalleryService } from './service';

export interface GalleryRoutesOptions {
  gallery: GalleryService;
  rateLimits: AppContext['rateLimits'];
}

/** /api/gallery; GET /api/gallery/styles lives in the reference module with the other style lists. */
export async function galleryRoutes(app: FastifyInstance, { gallery, rateLimits }: GalleryRoutesOptions): Promise<void> {
  registerGalleryPages(app);

  // A page as stored bytes, filed under the gallery and each owner shown; owners see `can` set on theirs.
  app.get('', { config: { input: { query: galleryListQuery } }, compress: false }, async (request, reply) => {
    const query = parse(galleryListQuery, request.query);
    const lang = request.lang;
    const stored = await app.ctx.answers.get(`gallery:${lang}:${JSON.stringify(query)}`, [tags.gallery], async () => {
      const page = await gallery.listPublic(query, null, lang);
      const owners = new Set(page.images.map((image) => image.userId));
      return { body: JSON.stringify({ success: true, ...page }), tags: [...owners].map(tags.user), owners };
    });
    return replyPublic(request, reply, stored, async () => ({ success: true, ...(await gallery.listPublic(query, request.user, lang)) }));
  });

  app.get('/image/:id', { config: { input: { params: galleryImageParams } } }, async (request) => {
    const { id } = parse(galleryImageParams, request.params);
    const { image, user } = await gallery.getImage(id, request.user, request.lang);
    return { success: true, image, user };
  });

  await withUploads(app, (scope) => {
    scope.post('', { config: { input: { upload: { fields: galleryUploadSchema, file: 'image' } } }, preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      idempotencyKeyOf(request);
      // Counted before the body is read, so uploads over the limit are never buffered.
      await consume(rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
      const input = parse(galleryUploadSchema, {
        caption: field(upload.fields, 'caption'),
        // Browsers name repeated fields either way.
        styleIds: [...(upload.fields.styleIds ?? []), ...(upload.fields['styleIds[]'] ?? [])],
      });
      const file = upload.file;
      if (!file || file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      const answer = (image: GalleryImage) => ({ status: 201, body: { success: true, image, message: t(request.lang, 'galleryImageUploaded') } });
      const replay = async (imageUrl: string) => {
        const image = await gallery.uploadedImage(user, imageUrl, request.lang);
        return image && answer(image);
      };
      return idempotentUpload(app.ctx.db, request, reply, { userId: user.id, scope: 'gallery', upload, replay }, async () =>
        answer(await gallery.uploadImage(user, { buffer: file.buffer, ...input }, request.lang)),
      );
    });
  });

  // Registered before /:id so "order" is never read as an id (static segments win anyway).
  app.put('/order', { config: { input: { body: galleryOrderSchema } }, preHandler: requireUser }, async (request) => {
    const { ids } = parse(galleryOrderSchema, request.body);
    const images = await gallery.reorderImages(userOf(request), ids, request.lang);
    return { success: true, images };
  });

  app.put('/:id', { config: { input: { params: galleryImageParams, body: galleryUpdateSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(galleryImageParams, request.params);
    const input = parse(galleryUpdateSchema, request.body ?? {});
    const image = await gallery.updateImage(userOf(request), id, input, request.lang);
    return { success: true, image, message: t(request.lang, 'galleryImageUpdated') };
  });

  app.delete('/:id', { config: { input: { params: galleryImageParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(galleryImageParams, request.params);
    await gallery.deleteImage(userOf(request), id);
    return { success: true, message: t(request.lang, 'galleryImageDeleted') };
  });
}
