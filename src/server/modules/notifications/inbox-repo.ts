import { isPostgresDb, type Db } from '../../db/index';

/** The in-app notifications' queries (the bell); `db` may be a caller's transaction. */

export interface NotificationRow {
  id: number;
  kind: string;
  params: string;
  url: string;
  created_at: string;
  read_at: string | null;
}

export async function insertNotification(db: Db, row: { userId: number; kind: string; params: string; url: string; now: string; readAt: string | null }): Promise<number> {
  const inserted = await db
    .insertInto('notifications')
    .values({ user_id: row.userId, kind: row.kind, params: row.params, url: row.url, created_at: row.now, read_at: row.readAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The user's notifications newest first, below `beforeId` when given (keyset on the id). */
export function listNotifications(db: Db, userId: number, page: { beforeId?: number; limit: number }): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'url', 'created_at', 'read_at'])
    .where('user_id', '=', userId);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Read through the partial index of unread rows. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Marks the user's unread notifications read: the ids given (others' ids match nothing) or all.
 * On PostgreSQL the rows are locked in id order first, so parallel calls of one user (two tabs,
 * "mark all" pressed twice) wait for each other instead of deadlocking; the later one finds
 * them read and changes nothing.
 */
export async function markRead(db: Db, userId: number, which: { ids: number[] } | { all: true }, now: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('read_at', 'is', null)
    .where('id', 'in', (eb) => {
      let unread = eb.selectFrom('notifications').select('id').where('user_id', '=', userId).where('read_at', 'is', null);
      if ('ids' in which) unread = unread.where('id', 'in', which.ids);
      return isPostgresDb(db) ? unread.orderBy('id').forUpdate() : unread;
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
