import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The position after the last row of an inbox page (newest first). */
export interface ContactCursor {
  createdAt: string;
  id: number;
}

/** Characters of the message the list shows. */
const EXCERPT_LENGTH = 160;

/** The contact messages not looked at yet and the appeals not yet dealt with: the sidebar's badge and the dashboard's card. */
export async function countNewContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', 'in', ['new', 'appeal'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the inbox, newest first, a row more than `limit` to tell whether another page follows. */
export async function listContactMessages(db: Db, opts: { status?: string; q?: string; cursor?: ContactCursor; limit: number }) {
  let query = db
    .selectFrom('contact_messages as m')
    .select([
      'm.id',
      'm.name',
      'm.email',
      'm.subject',
      sql<string>`substr(${sql.ref('m.message')}, 1, ${EXCERPT_LENGTH})`.as('excerpt'),
      'm.status',
      'm.language',
      'm.created_at',
    ])
    .select((eb) => eb.selectFrom('contact_replies as r').select((e) => e.fn.countAll<string | number>().as('n')).whereRef('r.message_id', '=', 'm.id').as('reply_count'));
  if (opts.status) query = query.where('m.status', '=', opts.status);
  if (opts.q) {
    const pattern = containsPattern(opts.q);
    // lower() on both sides: LIKE is case-blind on SQLite (for ASCII) but not on PostgreSQL.
    query = query.where((eb) =>
      eb.or(
        (['m.name', 'm.email', 'm.subject', 'm.message'] as const).map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
      ),
    );
  }
  const cursor = opts.cursor;
  if (cursor) {
    query = query.where((eb) => eb.or([eb('m.created_at', '<', cursor.createdAt), eb.and([eb('m.created_at', '=', cursor.createdAt), eb('m.id', '<', cursor.id)])]));
  }
  return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(opts.limit + 1).execute();
}

export function findContactMessage(db: Executor, id: number) {
  return db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'subject', 'message', 'language', 'user_id', 'status', 'status_changed_at', 'appeal_user_id', 'appeal_suspended_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The account a message came from: the suspended one an appeal is for, else the one logged in
 * when it was sent, else the one whose address (compared as the accounts compare addresses:
 * trimmed, lowercase) it was sent from.
 */
export async function findSenderAccount(db: Db, message: { user_id: number | null; appeal_user_id: number | null; email: string }) {
  const columns = ['id', 'username', 'name', 'user_type'] as const;
  for (const id of [message.appeal_user_id, message.user_id]) {
    if (id === null) continue;
    const byId = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
    if (byId) return byId;
  }
  return db.selectFrom('users').select(columns).where('email_key', '=', message.email.trim().toLowerCase()).executeTakeFirst();
}

export function listContactReplies(db: Db, messageId: number) {
  return db
    .selectFrom('contact_replies as r')
    .leftJoin('users as u', 'u.id', 'r.admin_id')
    .select(['r.id', 'r.subject', 'r.body', 'r.created_at', 'r.admin_id', 'u.username as admin_username'])
    .where('r.message_id', '=', messageId)
    .orderBy('r.id', 'asc')
    .execute();
}

/**
 * Moves a message to `to` only from the status it was read in, so of two admins acting at once
 * one moves it and the other is told it changed; answers whether it moved.
 */
export async function moveContactStatus(trx: Executor, id: number, from: string, to: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('contact_messages')
    .set({ status: to, status_changed_at: at, handled: to === 'new' || to === 'read' ? 0 : 1 })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An answered message stays answered whatever an admin set in between: the reply went out. */
export async function markContactAnswered(trx: Executor, id: number, at: string): Promise<boolean> {
  const result = await trx.updateTable('contact_messages').set({ status: 'answered', status_changed_at: at, handled: 1 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertContactReply(trx: Executor, row: { messageId: number; adminId: number; subject: string; body: string; at: string }): Promise<number> {
  const inserted = await trx
    .insertInto('contact_replies')
    .values({ message_id: row.messageId, admin_id: row.adminId, subject: row.subject, body: row.body, created_at: row.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Deletes a message with its replies (they cascade); answers whether it existed. */
export async function deleteContactMessage(trx: Executor, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
