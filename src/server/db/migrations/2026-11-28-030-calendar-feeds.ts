import type { Kysely } from 'kysely';
import { belongsTo } from './columns';

/**
 * One private calendar feed per account (`/api/calendar/{token}.ics`). The token is kept as
 * it is, not hashed: the dashboard shows the feed's address again on every visit, and what it
 * guards is a read-only list of one's own dates, which a renewal (a new token) takes back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => belongsTo('users.id')(c.primaryKey()))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
