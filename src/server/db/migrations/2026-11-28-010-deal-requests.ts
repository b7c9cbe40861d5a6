import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo } from './columns';
import { createPairTable } from './pair-tables';

/**
 * Applications and invitations with a lifecycle, and the stays an accepted one becomes (issue 28).
 *
 * `deal_requests` is one record for both kinds: an artist's application to a guest spot and a
 * studio's invitation answering an availability. `terms` is a JSON snapshot (the spot's terms at
 * the time, or the invitation's own). An artist may apply to a spot again after a decline, a
 * withdrawal or an expiry, but holds one pending application per spot (and a studio one pending
 * invitation per availability): partial unique indexes decide, so parallel requests make one.
 * `stay_id` names the stay an accepted request became; it has no foreign key because the stay
 * names its request (a cycle SQLite cannot add later).
 *
 * The old `applications` table (one row per spot and artist, ever) cannot say "again after a
 * decline": its rows move over as pending applications for the spot's whole window, and it goes.
 *
 * `stays`: the confirmed guest stays, one per accepted request (`request_id` unique). The lists
 * read them per artist and per studio by start day; the accept checks read a spot's and an
 * artist's confirmed stays by their days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('deal_requests'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('guest_spot_id', 'integer', refersTo('guest_spots.id'))
    .addColumn('availability_id', 'integer', refersTo('availabilities.id'))
    .addColumn('artist_id', 'integer', belongsTo('users.id'))
    .addColumn('studio_id', 'integer', belongsTo('users.id'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('terms', 'text')
    .addColumn('message', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('stay_id', 'integer')
    .execute();
  // The lists: one side's requests, newest first, as a keyset.
  await db.schema.createIndex('deal_requests_artist_idx').on('deal_requests').columns(['artist_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('deal_requests_studio_idx').on('deal_requests').columns(['studio_id', 'created_at', 'id']).execute();
  // The expiry job: pending requests by their first day.
  await db.schema.createIndex('deal_requests_status_idx').on('deal_requests').columns(['status', 'start_date']).execute();
  await db.schema
    .createIndex('deal_requests_pending_application_key')
    .on('deal_requests')
    .columns(['guest_spot_id', 'artist_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .where(sql.ref('kind'), '=', sql.lit('application'))
    .execute();
  await db.schema
    .createIndex('deal_requests_pending_invitation_key')
    .on('deal_requests')
    .columns(['availability_id', 'studio_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .where(sql.ref('kind'), '=', sql.lit('invitation'))
    .execute();

  await idColumn(db, db.schema.createTable('stays'))
    .addColumn('artist_id', 'integer', belongsTo('users.id'))
    .addColumn('studio_id', 'integer', belongsTo('users.id'))
    .addColumn('guest_spot_id', 'integer', refersTo('guest_spots.id'))
    .addColumn('request_id', 'integer', (c) => c.references('deal_requests.id').onDelete('set null').unique())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('city_name', 'text')
    .addColumn('terms', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_by', 'integer', refersTo('users.id'))
    .execute();
  await db.schema.createIndex('stays_artist_idx').on('stays').columns(['artist_id', 'start_date', 'id']).execute();
  await db.schema.createIndex('stays_studio_idx').on('stays').columns(['studio_id', 'start_date', 'id']).execute();
  await db.schema.createIndex('stays_spot_idx').on('stays').columns(['guest_spot_id', 'status', 'start_date']).execute();

  // The old applications become pending applications for the spot's whole window, with its terms.
  await sql`
    insert into deal_requests (kind, status, guest_spot_id, availability_id, artist_id, studio_id, start_date, end_date, terms, message, reason, created_at, decided_at, stay_id)
    select 'application', 'pending', a.guest_spot_id, null, a.artist_id, g.studio_id, g.start_date, g.end_date, g.terms, null, null, a.created_at, null, null
    from applications a join guest_spots g on g.id = a.guest_spot_id
    order by a.created_at, a.artist_id`.execute(db);
  await db.schema.dropTable('applications').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await createPairTable(db, 'applications', ['guest_spot_id', 'guest_spots.id'], ['artist_id', 'users.id'], (t) =>
    t.addColumn('message_id', 'integer').addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('applications_artist_idx').on('applications').columns(['artist_id', 'created_at']).execute();
  await sql`
    insert into applications (guest_spot_id, artist_id, message_id, created_at)
    select guest_spot_id, artist_id, null, min(created_at) from deal_requests
    where kind = 'application' and guest_spot_id is not null group by guest_spot_id, artist_id`.execute(db);
  await db.schema.dropTable('stays').execute();
  await db.schema.dropTable('deal_requests').execute();
}
