import type { Kysely } from 'kysely';

/**
 * The picture an upload stored, noted on its Idempotency-Key before the row that names it is
 * written. A process killed after that row committed but before the key was marked done left a
 * key that looked unanswered; a retry ran the upload again and the picture existed twice. With the
 * note, the retry finds the row that names the picture and answers with it instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('stored_ref', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('stored_ref').execute();
}
