import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { pathTo } from '../../../common/routes';
import {
  type ForumUpload,
  categoryThreadsQuery,
  createPostSchema,
  createThreadSchema,
  forumCategoryParams,
  forumPostParams,
  forumThreadParams,
  latestThreadsQuery,
  markAnswerSchema,
  postModerationSchema,
  previewSchema,
  threadModerationSchema,
  threadQuery,
  updatePostSchema,
  updateThreadSchema,
} from '../../../common/schemas/forum';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { sendAnswer, sendPersonal } from '../../http/answers';
import { requireUser, userOf } from '../../http/auth';
import { tags, userTagsIn } from '../../lib/answer-cache/index';
import { readUpload, withUploads } from '../../http/multipart';
import { idempotencyKeyOf, idempotentUpload } from '../../http/idempotency';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { consume } from '../../lib/rate-limit/index';
import { checkForumMailToken, unsubscribeForumMail } from './mail';
import type { ForumService } from './service';
import { IMAGE_ONLY, NO_INPUT } from '../../http/route-table';

export interface ForumRoutesOptions {
  forum: ForumService;
  ctx: Pick<AppContext, 'db' | 'config' | 'rateLimits' | 'answers'>;
  /** The admin area's guard (its face's `requireAdmin`), handed in so the forum never loads the admin module. */
  requireAdmin: preHandlerAsyncHookHandler;
}

const tokenParams = z.object({ token: z.string('unsubscribeTokenInvalid').min(1, 'unsubscribeTokenInvalid').max(200, 'unsubscribeTokenInvalid') });

/**
 * The forum digest's one-click unsubscribe (RFC 8058): no session, the signed token is the
 * authority. Mail clients POST a form from their own servers; its body says nothing the path
 * does not, so it is accepted and not read.
 */
async function unsubscribeRoutes(app: FastifyInstance, { ctx }: Pick<ForumRoutesOptions, 'ctx'>): Promise<void> {
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, null));

  app.post('/:token', { config: { input: { params: tokenParams } } }, async (request) => {
    const { token } = parse(tokenParams, request.params);
    return { success: true, ...(await unsubscribeForumMail(ctx, token)) };
  });

  app.get('/:token', { config: { input: { params: tokenParams } } }, async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    // A person opening the link in a browser is shown the checked token first, then the settings.
    const status = await checkForumMailToken(ctx, token);
    if (String(request.headers.accept ?? '').includes('text/html')) return reply.redirect(pathTo('dashboard', {}, request.lang), 303);
    return { success: true, ...status };
  });
}

/** The admins' moderation calls: behind the admin guard, like every /api/admin route. */
async function moderationRoutes(app: FastifyInstance, { forum, requireAdmin }: Pick<ForumRoutesOptions, 'forum' | 'requireAdmin'>): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  app.post('/threads/:id/moderation', { config: { input: { params: forumThreadParams, body: threadModerationSchema } } }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(threadModerationSchema, request.body ?? {});
    return { success: true, ...(await forum.moderateThread(userOf(request), id, input, request.lang)) };
  });

  app.post('/posts/:id/moderation', { config: { input: { params: forumPostParams, body: postModerationSchema } } }, async (request) => {
    const { id } = parse(forumPostParams, request.params);
    const input = parse(postModerationSchema, request.body ?? {});
    return { success: true, ...(await forum.moderatePost(userOf(request), id, input, request.lang)) };
  });
}

/** /api/forum: reading is public; writing, liking, watching, uploads and previews need a login; moderation an admin. */
export async function forumRoutes(app: FastifyInstance, { forum, ctx, requireAdmin }: ForumRoutesOptions): Promise<void> {
  // What a visitor reads is kept as bytes under the forum's tag (every forum write clears it) and
  // the tags of the people it shows; a logged-in reader's thread carries their likes and rights.
  const keep = (request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<object>) =>
    ctx.answers.get(`forum:${key}:${request.lang}`, [tags.forum], async () => {
      const answer = { success: true, ...(await load()) };
      return { body: JSON.stringify(answer), tags: userTagsIn(answer) };
    }).then((stored) => sendAnswer(request, reply, stored));

  app.get('/categories', { config: { input: NO_INPUT }, compress: false }, (request, reply) => keep(request, reply, 'categories', () => forum.categories(request.lang)));

  app.get('/categories/:slug/threads', { config: { input: { params: forumCategoryParams, query: categoryThreadsQuery } }, compress: false }, async (request, reply) => {
    const { slug } = parse(forumCategoryParams, request.params);
    const query = parse(categoryThreadsQuery, request.query ?? {});
    return keep(request, reply, `category:${slug}:${JSON.stringify(query)}`, () => forum.categoryThreads(slug, query, request.lang));
  });

  app.get('/threads/latest', { config: { input: { query: latestThreadsQuery } }, compress: false }, async (request, reply) => {
    const { limit } = parse(latestThreadsQuery, request.query ?? {});
    return keep(request, reply, `latest:${limit}`, () => forum.latest(limit, request.lang));
  });

  app.get('/threads/:id', { config: { input: { params: forumThreadParams, query: threadQuery } }, compress: false }, async (request, reply) => {
    const { id } = parse(forumThreadParams, request.params);
    const { page } = parse(threadQuery, request.query ?? {});
    if (!request.user) return keep(request, reply, `thread:${id}:${page}`, () => forum.thread(id, page, null, request.lang));
    return sendPersonal(request, reply, JSON.stringify({ success: true, ...(await forum.thread(id, page, request.user, request.lang)) }));
  });

  app.post('/threads', { config: { input: { body: createThreadSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(createThreadSchema, request.body ?? {});
    const { thread, created } = await forum.createThread(userOf(request), input, request.lang);
    return reply.status(created ? 201 : 200).send({ success: true, thread });
  });

  app.post('/threads/:id/posts', { config: { input: { params: forumThreadParams, body: createPostSchema } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(createPostSchema, request.body ?? {});
    const { post, page, created } = await forum.reply(userOf(request), id, input, request.lang);
    return reply.status(created ? 201 : 200).send({ success: true, post, page });
  });

  app.put('/threads/:id', { config: { input: { params: forumThreadParams, body: updateThreadSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(updateThreadSchema, request.body ?? {});
    return { success: true, ...(await forum.updateThread(userOf(request), id, input, request.lang)) };
  });

  app.delete('/threads/:id', { config: { input: { params: forumThreadParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    return { success: true, ...(await forum.deleteThread(userOf(request), id)) };
  });

  app.put('/posts/:id', { config: { input: { params: forumPostParams, body: updatePostSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumPostParams, request.params);
    const { body } = parse(updatePostSchema, request.body ?? {});
    return { success: true, ...(await forum.updatePost(userOf(request), id, body, request.lang)) };
  });

  app.delete('/posts/:id', { config: { input: { params: forumPostParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumPostParams, request.params);
    return { success: true, ...(await forum.deletePost(userOf(request), id)) };
  });

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      config: { input: { params: forumPostParams } },
      preHandler: requireUser,
      handler: async (request) => {
        const { id } = parse(forumPostParams, request.params);
        return { success: true, ...(await forum.setLike(userOf(request), id, on)) };
      },
    });
    app.route({
      method,
      url: '/threads/:id/watch',
      config: { input: { params: forumThreadParams } },
      preHandler: requireUser,
      handler: async (request) => {
        const { id } = parse(forumThreadParams, request.params);
        return { success: true, ...(await forum.setWatch(userOf(request), id, on)) };
      },
    });
  }

  app.put('/threads/:id/answer', { config: { input: { params: forumThreadParams, body: markAnswerSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const { postId } = parse(markAnswerSchema, request.body ?? {});
    return { success: true, ...(await forum.setAnswer(userOf(request), id, postId, request.lang)) };
  });

  app.delete('/threads/:id/answer', { config: { input: { params: forumThreadParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    return { success: true, ...(await forum.setAnswer(userOf(request), id, null, request.lang)) };
  });

  app.post('/preview', { config: { input: { body: previewSchema } }, preHandler: requireUser }, async (request) => {
    const { body } = parse(previewSchema, request.body ?? {});
    return { success: true, ...(await forum.preview(userOf(request), body)) };
  });

  await withUploads(app, (scope) => {
    scope.post('/uploads', { config: { input: { upload: IMAGE_ONLY } }, preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      idempotencyKeyOf(request);
      // Counted before the body is read and decoded: the image work is the slow part.
      await consume(ctx.rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
      const file = upload.file;
      if (!file || file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      const answer = (stored: ForumUpload) => ({ status: 201, body: { success: true, ...stored } });
      const replay = async (imageUrl: string) => {
        const stored = await forum.uploaded(user, imageUrl);
        return stored && answer(stored);
      };
      return idempotentUpload(ctx.db, request, reply, { userId: user.id, scope: 'forum-upload', upload, replay }, async () => answer(await forum.upload(user, file.buffer)));
    });
  });

  await app.register(moderationRoutes, { forum, requireAdmin });
  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', ctx });
}
