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
import { field, readUpload, registerMultipart } from '../../http/multipart';
import { consume } from '../../http/rate-limit';
import { t } from '../../i18n';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { requireUser } from '../auth/routes';
import { accountFileCollectors } from '../auth/service';
import { registerGalleryPages } from './pages';
import * as service from './service';

// GET /api/gallery/styles lives in the reference module with the other style lists.
export async function galleryModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMultipart(app);
  registerGalleryPages(app);
  // Module-level list, while apps are built many times per process (tests): add it once.
  if (!accountFileCollectors.includes(service.collectGalleryFiles)) accountFileCollectors.push(service.collectGalleryFiles);

  app.get('/api/gallery', async (request) => {
    const query = parse(galleryListQuery, request.query);
    const page = await service.listPublic(ctx.db, query, request.lang);
    return { success: true, ...page };
  });

  app.get('/api/gallery/image/:id', async (request) => {
    const { id } = parse(galleryImageParams, request.params);
    const { image, user } = await service.getImage(ctx.db, id, request.lang);
    return { success: true, image, user };
  });

  app.post('/api/gallery', async (request, reply) => {
    const user = requireUser(request);
    // Counted before the body is read, so uploads over the limit are never buffered.
    await consume(ctx.rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
    const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
    const input = parse(galleryUploadSchema, {
      caption: field(upload.fields, 'caption'),
      // Browsers name repeated fields either way.
      styleIds: [...(upload.fields.styleIds ?? []), ...(upload.fields['styleIds[]'] ?? [])],
    });
    if (!upload.file || upload.file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
    const image = await service.uploadImage(ctx, user, { buffer: upload.file.buffer, ...input }, request.lang);
    return reply.status(201).send({ success: true, image, message: t(request.lang, 'galleryImageUploaded') });
  });

  // Registered before /:id so "order" is never read as an id (static segments win anyway).
  app.put('/api/gallery/order', async (request) => {
    const user = requireUser(request);
    const { ids } = parse(galleryOrderSchema, request.body);
    const images = await service.reorderImages(ctx, user, ids, request.lang);
    return { success: true, images };
  });

  app.put('/api/gallery/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parse(galleryImageParams, request.params);
    const input = parse(galleryUpdateSchema, request.body ?? {});
    const image = await service.updateImage(ctx, user, id, input, request.lang);
    return { success: true, image, message: t(request.lang, 'galleryImageUpdated') };
  });

  app.delete('/api/gallery/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parse(galleryImageParams, request.params);
    await service.deleteImage(ctx, user, id);
    return { success: true, message: t(request.lang, 'galleryImageDeleted') };
  });
}
