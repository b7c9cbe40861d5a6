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

