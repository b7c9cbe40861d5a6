import type { Kysely } from 'kysely';

/*
 * The featured owners of a kind (`featured_until` ahead) read from the index alone: PostgreSQL
 * walked every account of the kind in another index to find them, (user_type, featured_until)
 * lacking the id it returns. SQLite's index already carried it (the rowid).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_featured_ids_idx').on('users').columns(['user_type', 'featured_until', 'id']).execute();
  await db.schema.dropIndex('users_featured_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_featured_idx').on('users').columns(['user_type', 'featured_until']).execute();
  await db.schema.dropIndex('users_featured_ids_idx').execute();
}
