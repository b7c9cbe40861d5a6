import type { Kysely } from 'kysely';
import { refersTo } from './columns';

/**
 * Suspension appeals and the liveness of city imports.
 *
 * - `contact_messages.appeal_user_id` and `appeal_suspended_at`: a message sent through a
 *   suspension mail's appeal link names the suspended account and the moment of the suspension
 *   it appeals. The unique index allows one appeal per suspension: of two sent at once, the
 *   database keeps one. Ordinary messages leave both empty (NULLs never collide).
 * - `city_imports.heartbeat_at`: refreshed by the process reading or writing an import; an
 *   import left in parsing or importing whose heartbeat stopped was interrupted by a restart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('appeal_user_id', 'integer', refersTo('users.id')).execute();
  await db.schema.alterTable('contact_messages').addColumn('appeal_suspended_at', 'text').execute();
  await db.schema.createIndex('contact_messages_appeal_idx').on('contact_messages').columns(['appeal_user_id', 'appeal_suspended_at']).unique().execute();
  await db.schema.alterTable('city_imports').addColumn('heartbeat_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('city_imports').dropColumn('heartbeat_at').execute();
  await db.schema.dropIndex('contact_messages_appeal_idx').execute();
  await db.schema.alterTable('contact_messages').dropColumn('appeal_suspended_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('appeal_user_id').execute();
}
