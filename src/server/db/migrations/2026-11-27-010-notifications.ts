import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';

/**
 * In-app notifications (the bell): one row per notice to one user. `params` is the JSON the
 * title is written from when it is read, in the reader's language, so no text is stored and a
 * language switch reads right; `url` is a path without a language prefix. The rows go with
 * their user.
 *
 * - `notifications_user_idx` (user_id, id): the user's list, newest first, keyset on id.
 * - `notifications_unread_idx` (user_id) where read_at is null: the unread count and "mark all
 *   as read" touch only the unread rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').column('user_id').where(sql.ref('read_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_unread_idx').execute();
  await db.schema.dropIndex('notifications_user_idx').execute();
  await db.schema.dropTable('notifications').execute();
}
