import type { FastifyInstance } from 'fastify';
import { postInputSchema, postListQuery, postParams, promotionSchema, type PostInput, type PostMedia } from '../../../common/schemas/instagram';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { readUpload, withUploads } from '../../http/multipart';
import { idempotencyKeyOf, idempotentUpload } from '../../http/idempotency';
import { consume } from '../../lib/rate-limit/index';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import type { PostFields, InstagramService } from './service';
import { IMAGE_ONLY } from '../../http/route-table';

export interface InstagramRoutesOptions {
  instagram: InstagramService;
  rateLimits: AppContext['rateLimits'];
}

const POST_FIELDS = Object.keys(postInputSchema.shape) as (keyof PostInput)[];

/** The fields a body names, so a PUT changes only those (the schema's defaults fill the rest). */
function sentFields(body: unknown): PostFields {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  return new Set(POST_FIELDS.filter((f) => keys.includes(f)));
}

/** /api/instagram: the owner's planned posts, their pictures and promotions; every call needs a login. */
export async function instagramRoutes(app: FastifyInstance, { instagram, rateLimits }: InstagramRoutesOptions): Promise<void> {
  app.get('/posts', { config: { input: { query: postListQuery } }, preHandler: requireUser }, async (request) => {
    const query = parse(postListQuery, request.query ?? {});
    return instagram.list(userOf(request), query);
  });

  app.post('/posts', { config: { input: { body: postInputSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(postInputSchema, request.body ?? {});
    const post = await instagram.create(userOf(request), input);
    return reply.status(201).send({ success: true, post });
  });

  app.get('/posts/:id', { config: { input: { params: postParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(postParams, request.params);
    return { success: true, post: await instagram.get(userOf(request), id) };
  });

  app.put('/posts/:id', { config: { input: { params: postParams, body: postInputSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(postParams, request.params);
    const body = request.body ?? {};
    const input = parse(postInputSchema, body);
    return { success: true, post: await instagram.update(userOf(request), id, input, sentFields(body)) };
  });

  app.delete('/posts/:id', { config: { input: { params: postParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(postParams, request.params);
    await instagram.remove(userOf(request), id);
    return { success: true };
  });

  app.post('/posts/:id/promotion', { config: { input: { params: postParams, body: promotionSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(postParams, request.params);
    const { productType } = parse(promotionSchema, request.body ?? {});
    return { success: true, post: await instagram.promote(userOf(request), id, productType) };
  });

  await withUploads(app, (scope) => {
    scope.post('/media', { config: { input: { upload: IMAGE_ONLY } }, preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      // Counted before the body is read, with every other image upload of the user.
      await consume(rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      idempotencyKeyOf(request);
      await instagram.requireMediaAllowed(user);
      const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
      const file = upload.file;
      if (!file || file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      const answer = (media: PostMedia) => ({ status: 201, body: { success: true, media } });
      const replay = async (imageUrl: string) => {
        const media = await instagram.uploadedMedia(user, imageUrl);
        return media && answer(media);
      };
      return idempotentUpload(app.ctx.db, request, reply, { userId: user.id, scope: 'instagram-media', upload, replay }, async () =>
        answer(await instagram.addMedia(user, async () => file.buffer)),
      );
    });
  });
}
