import type { FastifyInstance } from 'fastify';

/**
 * Writes a message row straight into the table, as the messages service stores one (the pair
 * columns, unread), for tests of what reads messages: reports and the unread-message mail.
 */
export async function insertMessage(
  app: FastifyInstance,
  m: { from: number; to: number; content?: string; createdAt?: string; read?: boolean },
): Promise<number> {
  const row = await app.ctx.db
    .insertInto('messages')
    .values({
      sender_id: m.from,
      receiver_id: m.to,
      user_low: Math.min(m.from, m.to),
      user_high: Math.max(m.from, m.to),
      content: m.content ?? 'Hallo, hast du im Mai noch einen Platz frei?',
      is_read: m.read ? 1 : 0,
      read_at: m.read ? new Date().toISOString() : null,
      client_id: null,
      reference_type: null,
      reference_id: null,
      reference_data: null,
      created_at: m.createdAt ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a review row straight into the table. */
export async function insertReview(app: FastifyInstance, r: { by: number; of: number; rating?: number; comment?: string | null }): Promise<number> {
  const now = new Date().toISOString();
  const row = await app.ctx.db
    .insertInto('reviews')
    .values({ reviewer_id: r.by, reviewed_id: r.of, rating: r.rating ?? 4, comment: r.comment ?? 'Sauber gearbeitet.', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
