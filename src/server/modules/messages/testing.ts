import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';

/** Sends a message through the API. */
export function send(app: FastifyInstance, from: TestUser | null, to: number, content: string, clientId?: string) {
  return call(app, 'POST', '/api/messages', { as: from, payload: { recipient_id: to, content, ...(clientId ? { client_id: clientId } : {}) } });
}

/** Writes a block straight into the table (what POST /api/users/{id}/block does). */
export async function block(app: FastifyInstance, blocker: TestUser, blocked: TestUser): Promise<void> {
  await app.ctx.db.insertInto('blocks').values({ blocker_id: blocker.user.id, blocked_id: blocked.user.id, created_at: new Date().toISOString() }).execute();
}

export async function unblock(app: FastifyInstance, blocker: TestUser, blocked: TestUser): Promise<void> {
  await app.ctx.db.deleteFrom('blocks').where('blocker_id', '=', blocker.user.id).where('blocked_id', '=', blocked.user.id).execute();
}


/**
 * What a user has unread, counted from the conversation rows and blocks (the sum the counter
 * replaced): what `unread_counters` must always equal.
 */
export async function recountUnread(app: FastifyInstance, userId: number): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('conversations as c')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.unread_count'), sql<number>`0`).as('count'))
    .where('c.user_id', '=', userId)
    .where('c.unread_count', '>', 0)
    .whereRef('c.last_message_id', '>', 'c.hidden_until_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((w) =>
              w.or([
                w.and([w('b.blocker_id', '=', userId), w('b.blocked_id', '=', w.ref('c.contact_id'))]),
                w.and([w('b.blocker_id', '=', w.ref('c.contact_id')), w('b.blocked_id', '=', userId)]),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every given user's kept counter (0 without a row) beside their recount. */
export async function countersAndRecounts(app: FastifyInstance, userIds: number[]): Promise<{ kept: Record<number, number>; recounted: Record<number, number> }> {
  const rows = await app.ctx.db.selectFrom('unread_counters').select(['user_id', 'unread']).where('user_id', 'in', userIds).execute();
  const kept = Object.fromEntries(userIds.map((id) => [id, rows.find((r) => r.user_id === id)?.unread ?? 0]));
  const recounted = Object.fromEntries(await Promise.all(userIds.map(async (id) => [id, await recountUnread(app, id)] as const)));
  return { kept, recounted };
}
