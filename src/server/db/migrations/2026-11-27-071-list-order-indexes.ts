import { sql, type Kysely } from 'kysely';

/**
 * Indexes that serve the public lists in their own order (docs/decisions/031), on both engines.
 *
 * - Listings (`guest_spots`, `availabilities`): the lists show active entries not yet ended,
 *   soonest start first. `(is_active, start_date, id, end_date, owner)` and the same after
 *   `country_id` / `city_id` / the owner walk that order and check the rest from the index
 *   entry, so a page's ids are picked index-only and never sorted. What keeps the walk from
 *   reading every ended entry of the past is a lower bound on the start of a shown entry: today
 *   minus the longest span among the entries not yet ended, read from the end of
 *   `(is_active, span, end_date)`. The span is an expression on the ISO day texts (year * 372 +
 *   month * 31 + day, never smaller than the real day count), identical in the list's SQL
 *   (`SPAN_DAYS` in modules/listings/repo.ts), which is how both engines match it to the index.
 *   A profile's tab lists the owner's shown listings newest first: `(owner, is_active,
 *   created_at, id, end_date)`.
 * - Artists and studios: `(user_type, created_at, id)` walks the directory newest first after
 *   its featured people.
 * - `users_suspended_ids_idx` holds the suspended accounts alone (partial), so the "not
 *   suspended" condition of every public list reads that short list; without statistics SQLite
 *   otherwise scanned all users for it.
 */
const LISTINGS = [
  ['guest_spots', 'studio_id'],
  ['availabilities', 'artist_id'],
] as const;

const dayNumber = (column: string) => `(cast(substr(${column}, 1, 4) as integer) * 372 + cast(substr(${column}, 6, 2) as integer) * 31 + cast(substr(${column}, 9, 2) as integer))`;
const SPAN = `(${dayNumber('end_date')} - ${dayNumber('start_date')})`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, owner] of LISTINGS) {
    await db.schema.createIndex(`${table}_start_idx`).on(table).columns(['is_active', 'start_date', 'id', 'end_date', owner]).execute();
    await db.schema.createIndex(`${table}_country_start_idx`).on(table).columns(['country_id', 'is_active', 'start_date', 'id', 'end_date', owner]).execute();
    await db.schema.createIndex(`${table}_city_start_idx`).on(table).columns(['city_id', 'is_active', 'start_date', 'id', 'end_date', owner]).execute();
    await db.schema.createIndex(`${table}_owner_start_idx`).on(table).columns([owner, 'is_active', 'start_date', 'id', 'end_date']).execute();
    await db.schema.createIndex(`${table}_owner_created_idx`).on(table).columns([owner, 'is_active', 'created_at', 'id', 'end_date']).execute();
    await sql`create index ${sql.raw(`${table}_span_idx`)} on ${sql.table(table)} (is_active, ${sql.raw(SPAN)}, end_date)`.execute(db);
  }
  await db.schema.createIndex('users_directory_idx').on('users').columns(['user_type', 'created_at', 'id']).execute();
  await db.schema.createIndex('users_suspended_ids_idx').on('users').columns(['id', 'suspended_until']).where(sql.ref('suspended_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_suspended_ids_idx').execute();
  await db.schema.dropIndex('users_directory_idx').execute();
  for (const [table] of LISTINGS) {
    for (const name of ['start', 'country_start', 'city_start', 'owner_start', 'owner_created', 'span']) await db.schema.dropIndex(`${table}_${name}_idx`).execute();
  }
}
