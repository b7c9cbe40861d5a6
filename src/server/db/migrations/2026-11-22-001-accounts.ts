import type { Kysely } from 'kysely';
import { belongsTo, idColumn, userSecretColumns } from './columns';

export async function up(db: Kysely<any>): Promise<void> {
  await userSecretColumns(db.schema.createTable('password_resets'), 'token_hash').addColumn('used_at', 'text').execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await idColumn(db, db.schema.createTable('profile_visits'))
    .addColumn('profile_id', 'integer', belongsTo('users.id'))
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('profile_visits_once_a_day', ['profile_id', 'visitor_key', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profile_visits').execute();
  await db.schema.dropTable('password_resets').execute();
}
