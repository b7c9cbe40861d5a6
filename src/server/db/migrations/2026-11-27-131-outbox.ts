import { sql, type Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * `outbox_events`: what a write sets off (a mail, cleared cache tags, a live event), written in
 * the write's own transaction and delivered after it commits (src/server/lib/outbox).
 *
 * `payload` is JSON as text on both engines. `next_attempt_at` is both the retry time and the
 * claim: a worker moves it ahead before it delivers, so no other worker takes the row until it
 * has passed. `delivered_at` stays empty until a delivery succeeds; `last_error` keeps the latest
 * failure. The partial index holds only what is still to deliver, so the worker's scan stays
 * small however many delivered rows wait for their purge.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('outbox_events'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_events_pending_idx')
    .on('outbox_events')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('delivered_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_events').execute();
}
