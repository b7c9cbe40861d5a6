import { sql, type Selectable, type Transaction } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, SavedSearchesTable } from '../../db/schema';
import { notSuspended } from '../../db/suspension';

/** The saved searches' queries; `db` may be a caller's transaction. */

export type SearchRow = Selectable<SavedSearchesTable>;

const COLUMNS = ['id', 'user_id', 'kind', 'filters', 'name', 'frequency', 'paused', 'country_key', 'created_at', 'updated_at', 'last_digest_at'] as const;

/** The owner's searches, newest first (at most the cap, so no paging). */
export function listOwn(db: Db, userId: number): Promise<SearchRow[]> {
  return db.selectFrom('saved_searches').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

export function findById(db: Db, id: number): Promise<SearchRow | undefined> {
  return db.selectFrom('saved_searches').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Locks the owner's user row until the transaction ends (PostgreSQL; SQLite runs one writer at
 * a time), so parallel creates of one user count one after another and never pass the cap.
 */
export async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  if (isPostgresDb(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countOwn(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('saved_searches').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A daily or weekly search counts its first period from its creation; an instant one has had no
 * digest yet, so its first hits go out on the next run.
 */
export async function insert(
  db: Db,
  row: { userId: number; kind: string; filters: string; name: string; frequency: string; countryKey: number; now: string },
): Promise<number> {
  const made = await db
    .insertInto('saved_searches')
    .values({ user_id: row.userId, kind: row.kind, filters: row.filters, name: row.name, frequency: row.frequency, paused: 0, country_key: row.countryKey, created_at: row.now, updated_at: row.now, last_digest_at: row.frequency === 'instant' ? null : row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

export type SearchChange = Partial<Pick<SearchRow, 'name' | 'filters' | 'frequency' | 'paused' | 'country_key'>>;

/** Changes the owner's search; answers whether it was theirs (another's id changes nothing). */
export async function update(db: Db, id: number, userId: number, change: SearchChange, now: string): Promise<boolean> {
  const result = await db.updateTable('saved_searches').set({ ...change, updated_at: now }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function remove(db: Db, id: number, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Pauses the searches named that still exist; answers how many were found. */
export async function pause(db: Db, ids: number[], now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.updateTable('saved_searches').set({ paused: 1, updated_at: now }).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface CandidateRow {
  id: number;
  user_id: number;
  name: string;
  filters: string;
  country_key: number;
}

/**
 * The unpaused searches of a kind that name the item's country or none: two keys of
 * saved_searches_match_idx, whose filters the caller then checks in code. The item owner's own
 * searches are left out.
 */
export function candidatesQuery(db: Db, kind: string, countryId: number | null, ownerId: number) {
  return db
    .selectFrom('saved_searches as s')
    .select(['s.id', 's.user_id', 's.name', 's.filters', 's.country_key'])
    .where('s.kind', '=', kind)
    .where('s.paused', '=', 0)
    .where('s.country_key', 'in', countryId ? [0, countryId] : [0])
    .where('s.user_id', '<>', ownerId);
}

export const candidates = (db: Db, kind: string, countryId: number | null, ownerId: number): Promise<CandidateRow[]> => candidatesQuery(db, kind, countryId, ownerId).execute();

/** A listing as the matchers read it (either kind; the deal columns are null on availabilities). */
export interface ListingFacts {
  id: number;
  owner_id: number;
  slug: string;
  title: string;
  search_text: string;
  country_id: number | null;
  city_id: number | null;
  start_date: string;
  end_date: string;
  is_active: number;
  hidden_at: string | null;
  deal_type: string | null;
  guest_share_percent: number | null;
  rent_day_cents: number | null;
  offers_housing: number | null;
}

/** A guest spot's facts for matching, or undefined when it is gone. */
export function guestSpotFacts(db: Db, id: number): Promise<ListingFacts | undefined> {
  return db
    .selectFrom('guest_spots as l')
    .select(['l.id', 'l.studio_id as owner_id', 'l.slug', 'l.title', 'l.search_text', 'l.country_id', 'l.city_id', 'l.start_date', 'l.end_date', 'l.is_active', 'l.hidden_at'])
    .select(['l.deal_type', 'l.guest_share_percent', 'l.rent_day_cents', 'l.offers_housing'])
    .where('l.id', '=', id)
    .where(notSuspended('l.studio_id'))
    .executeTakeFirst();
}

export function availabilityFacts(db: Db, id: number): Promise<ListingFacts | undefined> {
  return db
    .selectFrom('availabilities as l')
    .select(['l.id', 'l.artist_id as owner_id', 'l.slug', 'l.title', 'l.search_text', 'l.country_id', 'l.city_id', 'l.start_date', 'l.end_date', 'l.is_active', 'l.hidden_at'])
    .select([sql<string | null>`null`.as('deal_type'), sql<number | null>`null`.as('guest_share_percent'), sql<number | null>`null`.as('rent_day_cents'), sql<number | null>`null`.as('offers_housing')])
    .where('l.id', '=', id)
    .where(notSuspended('l.artist_id'))
    .executeTakeFirst();
}

export async function guestSpotStyles(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom('guest_spot_styles').select('style_id').where('guest_spot_id', '=', id).execute()).map((r) => r.style_id);
}

export async function availabilityStyles(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom('availability_styles').select('style_id').where('availability_id', '=', id).execute()).map((r) => r.style_id);
}

/** An artist as the directory matcher reads them, or undefined when not an artist the directory could show. */
export function artistFacts(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'country_id', 'city_id'])
    .where('id', '=', id)
    .where('user_type', '=', 'artist')
    .where('role', '<>', 'admin')
    .where(notSuspended('users.id'))
    .executeTakeFirst();
}

export async function artistStyles(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom('user_styles').select('style_id').where('user_id', '=', id).execute()).map((r) => r.style_id);
}

/** Whether the artist has an active availability overlapping [today, horizon]: the list's "available now". */
export async function artistAvailable(db: Db, id: number, today: string, horizon: string): Promise<boolean> {
  const row = await db
    .selectFrom('availabilities')
    .select('id')
    .where('artist_id', '=', id)
    .where('is_active', '=', 1)
    .where('end_date', '>=', today)
    .where('start_date', '<=', horizon)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a hit per search; the primary key lets each (search, item) through once, whichever
 * process delivers the event and however often. Answers the searches whose hit this call made.
 */
export async function insertHits(db: Db, searchIds: number[], item: { kind: string; id: number }, now: string): Promise<number[]> {
  const made: number[] = [];
  for (let from = 0; from < searchIds.length; from += 500) {
    const rows = await db
      .insertInto('saved_search_hits')
      .values(searchIds.slice(from, from + 500).map((search_id) => ({ search_id, item_kind: item.kind, item_id: item.id, created_at: now, mailed_at: null })))
      .onConflict((oc) => oc.columns(['search_id', 'item_kind', 'item_id']).doNothing())
      .returning('search_id')
      .execute();
    made.push(...rows.map((r) => r.search_id));
  }
  return made;
}

export interface DueSearch {
  id: number;
  user_id: number;
  kind: string;
  name: string;
  filters: string;
  email: string;
  user_name: string;
  language: string | null;
}

/**
 * Searches of `frequency` with unmailed hits whose last digest is older than `mailedBefore`,
 * unpaused, of users not suspended; at most `limit` users' worth, by user.
 */
export async function dueSearches(db: Db, frequency: string, mailedBefore: string, now: string, limit: number): Promise<DueSearch[]> {
  return db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.kind', 's.name', 's.filters', 'u.email', 'u.name as user_name', 'u.language'])
    .where('s.frequency', '=', frequency)
    .where('s.paused', '=', 0)
    .where((eb) => eb.exists(eb.selectFrom('saved_search_hits as h').select('h.search_id').whereRef('h.search_id', '=', 's.id').where('h.mailed_at', 'is', null)))
    .where(notSuspended('u.id', now))
    .where((eb) => eb.or([eb('s.last_digest_at', 'is', null), eb('s.last_digest_at', '<=', mailedBefore)]))
    .orderBy('s.user_id').orderBy('s.id').limit(limit).execute();
}

/**
 * Claims one user's due searches for a digest: moves their `last_digest_at` to `now` only where
 * it still holds what made them due, in one statement, so of parallel runs one takes them all
 * and the user gets one mail. Answers the ids this call took.
 */
export async function claimDigest(db: Db, ids: number[], now: string, mailedBefore: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('saved_searches')
    .set({ last_digest_at: now })
    .where('id', 'in', ids)
    .where('paused', '=', 0)
    .where((eb) => eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', mailedBefore)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Marks a search's unmailed hits up to `now` mailed and answers them, oldest first. */
export async function takeUnmailed(db: Db, searchId: number, now: string): Promise<{ item_kind: string; item_id: number }[]> {
  const rows = await db
    .updateTable('saved_search_hits')
    .set({ mailed_at: now })
    .where('search_id', '=', searchId)
    .where('mailed_at', 'is', null)
    .where('created_at', '<=', now)
    .returning(['item_kind', 'item_id', 'created_at'])
    .execute();
  return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.item_id - b.item_id));
}

/** Titles and slugs of the items a digest names, by kind. */
export async function guestSpotCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('guest_spots').select(['id', 'slug', 'title', 'city_name']).where('id', 'in', ids).execute();
}

export async function availabilityCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('availabilities as a')
    .leftJoin('cities as c', 'c.id', 'a.city_id')
    .select(['a.id', 'a.slug', 'a.title', 'c.name as city_name'])
    .where('a.id', 'in', ids)
    .execute();
}

export async function artistCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', ids).execute();
}
