import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo } from './columns';

/**
 * Trust on profiles (issue 28 item 7) and the review request after a stay (item 6).
 *
 * `studio_verifications`: one row per document a studio uploaded (a trade registration or a
 * hygiene certificate), kept privately in storage under `document_key`. The newest row is the
 * studio's status; an approved one makes the "verified studio" badge. A studio holds at most one
 * pending row: a partial unique index decides between parallel uploads. The admin queue reads by
 * status, oldest first.
 *
 * `stay_review_mails`: which side of which stay was mailed "review the other", so the job never
 * mails a side twice, whichever process runs it (the primary key decides).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('studio_verifications'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('document_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', refersTo('users.id'))
    .execute();
  await db.schema.createIndex('studio_verifications_user_idx').on('studio_verifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('studio_verifications_status_idx').on('studio_verifications').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('studio_verifications_pending_key')
    .on('studio_verifications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();

  await db.schema
    .createTable('stay_review_mails')
    .addColumn('stay_id', 'integer', belongsTo('stays.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stay_review_mails_pkey', ['stay_id', 'user_id'])
    .execute();
  // The job's search: stays by their last day.
  await db.schema.createIndex('stays_end_idx').on('stays').columns(['end_date', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stays_end_idx').execute();
  await db.schema.dropTable('stay_review_mails').execute();
  await db.schema.dropTable('studio_verifications').execute();
}
