import type { Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';

/**
 * The upload routes' Idempotency-Key: one row per key a user sent, kept 24 hours. `fingerprint`
 * is the hash of what the first request carried (a retry with other content is refused);
 * `status` is `running` until the answer is known, then `done` with the answer to replay.
 * The unique (user_id, key) decides between parallel requests with one key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('idempotency_keys'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_user_key_uq').unique().on('idempotency_keys').columns(['user_id', 'key']).execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
