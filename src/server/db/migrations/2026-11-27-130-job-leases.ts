import type { Kysely } from 'kysely';

/**
 * `job_leases`: one row per scheduled job (its name), naming the process that runs it and until
 * when. A process runs a job only while its row names it; a holder that stops renewing (it died)
 * loses the row once `expires_at` (ISO 8601 text, like every timestamp) has passed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
