import type { Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';

/**
 * Who accepted the written agreement of a stay, and which version of it (issue 28 item 5).
 *
 * `terms_hash` is the hash of what the agreement was written from (the stay's terms snapshot,
 * days and place) at the moment of the click. An acceptance counts only while the stay still
 * hashes the same, so a change of terms starts the agreement over without deleting anything: the
 * earlier clicks stay on record. One row per stay, side and version: the unique key decides
 * between parallel clicks, and its first column serves the reads by stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('agreement_acceptances'))
    .addColumn('stay_id', 'integer', belongsTo('stays.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('terms_hash', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agreement_acceptances_key')
    .on('agreement_acceptances')
    .columns(['stay_id', 'side', 'terms_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agreement_acceptances').execute();
}
