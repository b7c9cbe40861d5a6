import type { Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo } from './columns';

/**
 * Account suspension and the admin team's warnings and notes about a user.
 *
 * - `users.suspended_at`, `suspended_until` (null: until lifted), `suspension_reason`: a
 *   suspended account cannot log in and leaves every public page and list. An index on
 *   `suspended_at` keeps the short list of suspended ids, which public queries exclude, cheap.
 * - `admin_user_warnings`: warnings mailed to the user, kept for the record.
 * - `admin_user_notes`: the team's internal notes, never shown to the user.
 * Both go with the user (cascade); the admin who wrote one may be deleted (set null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.createIndex('users_suspended_idx').on('users').column('suspended_at').execute();

  for (const [table, text] of [['admin_user_warnings', 'reason'], ['admin_user_notes', 'body']] as const) {
    await idColumn(db, db.schema.createTable(table))
      .addColumn('user_id', 'integer', belongsTo('users.id'))
      .addColumn('admin_id', 'integer', refersTo('users.id'))
      .addColumn(text, 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'created_at']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_user_notes').execute();
  await db.schema.dropTable('admin_user_warnings').execute();
  await db.schema.dropIndex('users_suspended_idx').execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
