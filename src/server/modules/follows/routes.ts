import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pathTo } from '../../../common/routes';
import { followFeedQuery, followListQuery, followPreferencesSchema, followUserParams } from '../../../common/schemas/follows';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { NO_INPUT } from '../../http/route-table';
import { checkFollowMailToken, unsubscribeFollowMail } from './mail';
import type { FollowService } from './service';

export interface FollowRoutesOptions {
  follows: FollowService;
  ctx: Pick<AppContext, 'db' | 'config'>;
}

const tokenParams = z.object({ token: z.string('unsubscribeTokenInvalid').min(1, 'unsubscribeTokenInvalid').max(200, 'unsubscribeTokenInvalid') });

/**
 * The weekly mail's one-click unsubscribe (RFC 8058): no session, the signed token is the
 * authority. Mail clients POST a form from their own servers; its body says nothing the path
 * does not, so it is accepted and not read.
 */
async function unsubscribeRoutes(app: FastifyInstance, { ctx }: Pick<FollowRoutesOptions, 'ctx'>): Promise<void> {
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, null));

  app.post('/:token', { config: { input: { params: tokenParams } } }, async (request) => {
    const { token } = parse(tokenParams, request.params);
    return { success: true, ...(await unsubscribeFollowMail(ctx, token)) };
  });

  app.get('/:token', { config: { input: { params: tokenParams } } }, async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    const status = await checkFollowMailToken(ctx, token);
    // A person opening the link in a browser manages the mail on the dashboard.
    if (String(request.headers.accept ?? '').includes('text/html')) return reply.redirect(pathTo('dashboard', {}, request.lang), 303);
    return { success: true, ...status };
  });
}

/**
 * Under /api, all for logged-in users only: following (/follows/{userId}), one's own lists
 * (/follows, /followers), the Following feed and the weekly mail's setting. No route lists
 * anyone else's followers or follows.
 */
export async function followRoutes(app: FastifyInstance, { follows, ctx }: FollowRoutesOptions): Promise<void> {
  app.get('/follows', { config: { input: { query: followListQuery } }, preHandler: requireUser }, async (request) => {
    const { cursor } = parse(followListQuery, request.query ?? {});
    return follows.list(userOf(request), 'following', cursor);
  });

  app.get('/followers', { config: { input: { query: followListQuery } }, preHandler: requireUser }, async (request) => {
    const { cursor } = parse(followListQuery, request.query ?? {});
    return follows.list(userOf(request), 'followers', cursor);
  });

  app.get('/follows/feed', { config: { input: { query: followFeedQuery } }, preHandler: requireUser }, async (request) => {
    const { cursor } = parse(followFeedQuery, request.query ?? {});
    return follows.feed(userOf(request), cursor);
  });

  app.get('/follows/preferences', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => follows.preferences(userOf(request)));

  app.put('/follows/preferences', { config: { input: { body: followPreferencesSchema } }, preHandler: requireUser }, async (request) => {
    const input = parse(followPreferencesSchema, request.body ?? {});
    return follows.setPreferences(userOf(request), input);
  });

  app.get('/follows/:userId', { config: { input: { params: followUserParams } }, preHandler: requireUser }, async (request) => {
    const { userId } = parse(followUserParams, request.params);
    return follows.relation(userOf(request), userId);
  });

  app.put('/follows/:userId', { config: { input: { params: followUserParams } }, preHandler: requireUser }, async (request) => {
    const { userId } = parse(followUserParams, request.params);
    return follows.follow(userOf(request), userId);
  });

  app.delete('/follows/:userId', { config: { input: { params: followUserParams } }, preHandler: requireUser }, async (request) => {
    const { userId } = parse(followUserParams, request.params);
    return follows.unfollow(userOf(request), userId);
  });

  await app.register(unsubscribeRoutes, { prefix: '/follows/unsubscribe', ctx });
}
