import type { Kysely } from 'kysely';

/**
 * `rate_limits`: the shared rate-limit counters of a deployment on PostgreSQL without Redis
 * (src/server/lib/rate-limit/postgres.ts), one row per limited key and window. `reset_at` is
 * milliseconds since the epoch, not ISO text like the domain's timestamps: every hit compares
 * and computes with it. Expired rows are swept by the store; the index finds them. Made on SQLite too (one schema for both
 * engines), where the limits stay in memory.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
