import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { pathTo } from '../../../common/routes';
import {
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
import { requireUser, userOf } from '../../http/auth';
import { readUpload, withUploads } from '../../http/multipart';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { consume } from '../../lib/rate-limit/index';
import { checkForumMailToken, unsubscribeForumMail } from './mail';
import type { ForumService } from './service';

export interface ForumRoutesOptions {
  forum: ForumService;
  ctx: Pick<AppContext, 'db' | 'config' | 'rateLimits'>;
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

  app.post('/:token', async (request) => {
    const { token } = parse(tokenParams, request.params);
    return { success: true, ...(await unsubscribeForumMail(ctx, token)) };
  });

  app.get('/:token', async (request, reply) => {
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

  app.post('/threads/:id/moderation', async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(threadModerationSchema, request.body ?? {});
    return { success: true, ...(await forum.moderateThread(userOf(request), id, input, request.lang)) };
  });

  app.post('/posts/:id/moderation', async (request) => {
    const { id } = parse(forumPostParams, request.params);
    const input = parse(postModerationSchema, request.body ?? {});
    return { success: true, ...(await forum.moderatePost(userOf(request), id, input, request.lang)) };
  });
}

/** /api/forum: reading is public; writing, liking, watching, uploads and previews need a login; moderation an admin. */
export async function forumRoutes(app: FastifyInstance, { forum, ctx, requireAdmin }: ForumRoutesOptions): Promise<void> {
  app.get('/categories', async (request) => ({ success: true, ...(await forum.categories(request.lang)) }));

  app.get('/categories/:slug/threads', async (request) => {
    const { slug } = parse(forumCategoryParams, request.params);
    const query = parse(categoryThreadsQuery, request.query ?? {});
    return { success: true, ...(await forum.categoryThreads(slug, query, request.lang)) };
  });

  app.get('/threads/latest', async (request) => {
    const { limit } = parse(latestThreadsQuery, request.query ?? {});
    return { success: true, ...(await forum.latest(limit, request.lang)) };
  });

  app.get('/threads/:id', async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const { page } = parse(threadQuery, request.query ?? {});
    return { success: true, ...(await forum.thread(id, page, request.user, request.lang)) };
  });

  app.post('/threads', { preHandler: requireUser }, async (request, reply) => {
    const input = parse(createThreadSchema, request.body ?? {});
    const { thread, created } = await forum.createThread(userOf(request), input, request.lang);
    return reply.status(created ? 201 : 200).send({ success: true, thread });
  });

  app.post('/threads/:id/posts', { preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(createPostSchema, request.body ?? {});
    const { post, page, created } = await forum.reply(userOf(request), id, input, request.lang);
    return reply.status(created ? 201 : 200).send({ success: true, post, page });
  });

  app.put('/threads/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const input = parse(updateThreadSchema, request.body ?? {});
    return { success: true, ...(await forum.updateThread(userOf(request), id, input, request.lang)) };
  });

  app.delete('/threads/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    return { success: true, ...(await forum.deleteThread(userOf(request), id)) };
  });

  app.put('/posts/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumPostParams, request.params);
    const { body } = parse(updatePostSchema, request.body ?? {});
    return { success: true, ...(await forum.updatePost(userOf(request), id, body, request.lang)) };
  });

  app.delete('/posts/:id', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumPostParams, request.params);
    return { success: true, ...(await forum.deletePost(userOf(request), id)) };
  });

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      preHandler: requireUser,
      handler: async (request) => {
        const { id } = parse(forumPostParams, request.params);
        return { success: true, ...(await forum.setLike(userOf(request), id, on)) };
      },
    });
    app.route({
      method,
      url: '/threads/:id/watch',
      preHandler: requireUser,
      handler: async (request) => {
        const { id } = parse(forumThreadParams, request.params);
        return { success: true, ...(await forum.setWatch(userOf(request), id, on)) };
      },
    });
  }

  app.put('/threads/:id/answer', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    const { postId } = parse(markAnswerSchema, request.body ?? {});
    return { success: true, ...(await forum.setAnswer(userOf(request), id, postId, request.lang)) };
  });

  app.delete('/threads/:id/answer', { preHandler: requireUser }, async (request) => {
    const { id } = parse(forumThreadParams, request.params);
    return { success: true, ...(await forum.setAnswer(userOf(request), id, null, request.lang)) };
  });

  app.post('/preview', { preHandler: requireUser }, async (request) => {
    const { body } = parse(previewSchema, request.body ?? {});
    return { success: true, ...(await forum.preview(userOf(request), body)) };
  });

  await withUploads(app, (scope) => {
    scope.post('/uploads', { preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      // Counted before the body is read and decoded: the image work is the slow part.
      await consume(ctx.rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      const upload = await readUpload(request, { tooLarge: () => new AppError(413, 'galleryImageTooLarge', { maxMb: 10 }) });
      if (!upload.file || upload.file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      return reply.status(201).send({ success: true, ...(await forum.upload(user, upload.file.buffer)) });
    });
  });

  await app.register(moderationRoutes, { forum, requireAdmin });
  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', ctx });
}
