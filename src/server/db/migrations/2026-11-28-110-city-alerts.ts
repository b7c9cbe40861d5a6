import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn } from './columns';

/**
 * City alerts without an account (issue 29 item 3).
 *
 * `city_alerts`: "tell me by mail when this artist comes within `radius_km` of this city", one
 * row per address, artist and city (a unique key on the folded address decides between parallel
 * requests). `confirmed_at` stays null until the address confirmed the double opt-in mail;
 * nothing is sent before, and the row is deleted after 7 days. `manage_hash` is the SHA-256 of
 * the address's manage link token (an HMAC of the folded address): the same on every row of an
 * address, so the link finds them all; no token is stored in a usable form. The confirm and
 * one-click tokens are HMACs of the row's id and address, checked against the row, so they need
 * no column.
 *
 * - `city_alerts_artist_idx` (artist_id, city_id): the matching reads one artist's alerts.
 * - `city_alerts_manage_idx` (manage_hash): the manage page.
 * - `city_alerts_unconfirmed_idx` (created_at) where unconfirmed: the cleanup job.
 *
 * `city_alert_sends`: which alert was mailed about which stay or availability; its primary key
 * lets one mail through per alert and trip, whichever process delivers the event and however
 * often.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('city_alerts'))
    .addColumn('artist_id', 'integer', belongsTo('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('city_id', 'integer', belongsTo('cities.id'))
    .addColumn('radius_km', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('manage_hash', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('city_alerts_address_key').on('city_alerts').columns(['email_key', 'artist_id', 'city_id']).unique().execute();
  await db.schema.createIndex('city_alerts_artist_idx').on('city_alerts').columns(['artist_id', 'city_id']).execute();
  await db.schema.createIndex('city_alerts_manage_idx').on('city_alerts').column('manage_hash').execute();
  await db.schema
    .createIndex('city_alerts_unconfirmed_idx')
    .on('city_alerts')
    .column('created_at')
    .where(sql.ref('confirmed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('city_alert_sends')
    .addColumn('alert_id', 'integer', belongsTo('city_alerts.id'))
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('city_alert_sends_pkey', ['alert_id', 'source_kind', 'source_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('city_alert_sends').execute();
  await db.schema.dropIndex('city_alerts_unconfirmed_idx').execute();
  await db.schema.dropIndex('city_alerts_manage_idx').execute();
  await db.schema.dropIndex('city_alerts_artist_idx').execute();
  await db.schema.dropIndex('city_alerts_address_key').execute();
  await db.schema.dropTable('city_alerts').execute();
}
