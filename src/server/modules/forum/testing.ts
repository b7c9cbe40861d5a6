import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ForumThread } from '../../../common/schemas/forum';
import { resetLimit } from '../../lib/rate-limit/index';
import type { TestUser } from '../../test/factories';
import { REPLY_LIMIT, THREAD_LIMIT } from './service';

/** Test helpers for the forum: accounts past their first day, categories by slug, a thread posted through the API. */

/** Dates an account back two days, past the first day's limits. */
export async function ageAccount(app: FastifyInstance, ...users: TestUser[]): Promise<void> {
  const past = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
  await app.ctx.db.updateTable('users').set({ created_at: past }).where('id', 'in', users.map((u) => u.user.id)).execute();
}

export async function categoryIds(app: FastifyInstance): Promise<Map<string, number>> {
  const rows = await app.ctx.db.selectFrom('forum_categories').select(['id', 'slug']).execute();
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export function forumCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { as?: TestUser | null; payload?: unknown; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en' };
  if (opts.as) headers.cookie = opts.as.cookie;
  return app.inject({ method, url, headers, ...(opts.payload === undefined ? {} : { payload: opts.payload as object }) });
}

let counter = 0;

/**
 * Posts a thread (a fresh body each time, so the repeat check stays out of the way, and the
 * hour's limit reset, which its own test counts); fails the test on anything but 201.
 */
export async function postThread(app: FastifyInstance, as: TestUser, input: { categoryId: number; title?: string; body?: string; language?: string; imageIds?: number[] }): Promise<ForumThread> {
  counter++;
  await resetLimit(app.ctx.rateLimits, THREAD_LIMIT, `user:${as.user.id}`);
  const res = await forumCall(app, 'POST', '/api/forum/threads', {
    as,
    payload: { title: `Guest spot question ${counter}`, body: `Where do you stay on guest spots? (${counter})`, ...input },
  });
  if (res.statusCode !== 201) throw new Error(`thread not created ${res.statusCode}: ${res.body}`);
  return res.json().thread;
}

/** Posts a reply; fails the test on anything but 201. */
export async function postReply(app: FastifyInstance, as: TestUser, threadId: number, body?: string): Promise<{ id: number }> {
  counter++;
  await resetLimit(app.ctx.rateLimits, REPLY_LIMIT, `user:${as.user.id}`);
  const res = await forumCall(app, 'POST', `/api/forum/threads/${threadId}/posts`, { as, payload: { body: body ?? `Thanks, good point (${counter}).` } });
  if (res.statusCode !== 201) throw new Error(`reply not created ${res.statusCode}: ${res.body}`);
  return res.json().post;
}
