import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';

/**
 * What the search reads from the tables of the things it finds: the rows a document is made of,
 * and, per type, the condition under which a document may be shown at all. The condition is
 * checked on every search against the live row (`d` is the document), so a listing that ended,
 * was hidden or deactivated, or a profile whose account became an admin's, is never shown even
 * where no write told the index.
 */

const STYLE_NAMES = ['s.name_en', 's.name_de', 's.name_es', 's.name_fr', 's.name_pt'] as const;

export interface ProfileSourceRow {
  id: number;
  username: string;
  name: string;
  bio: string | null;
  city: string | null;
  language: string | null;
  role: string;
  updated_at: string;
}

export interface ListingSourceRow {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  place: string | null;
  owner_id: number;
  owner_name: string;
  owner_language: string | null;
  is_active: number;
  hidden_at: string | null;
  end_date: string;
  updated_at: string;
}

export interface StyleNameRow {
  ref_id: number;
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
}

/** A row that has a document, with the time its document is ordered by (the rebuild's order). */
export interface SortKeyRow {
  id: number;
  at: string;
}

/** Profiles by id. */
export function findProfiles(db: Db, ids: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'bio', sql<string | null>`coalesce(city_name, city)`.as('city'), 'language', 'role', 'updated_at'])
    .where('id', 'in', ids)
    .execute() as Promise<ProfileSourceRow[]>;
}

/** Every profile with a document: all but the admins'. */
export function findProfileKeys(db: Db): Promise<SortKeyRow[]> {
  return db.selectFrom('users').select(['id', 'updated_at as at']).where('role', '<>', 'admin').execute();
}

export function findProfileStyles(db: Db, userIds: number[]): Promise<StyleNameRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_styles as us')
    .innerJoin('styles as s', 's.id', 'us.style_id')
    .select(['us.user_id as ref_id', ...STYLE_NAMES])
    .where('us.user_id', 'in', userIds)
    .orderBy('us.user_id')
    .orderBy('s.id')
    .execute();
}

export type ListingTable = 'guest_spots' | 'availabilities';

/** Guest spots or availabilities by id, with the owner's name and the place's name. */
export function findListings(db: Db, table: ListingTable, ids: number[]): Promise<ListingSourceRow[]> {
  const shared = ['l.id', 'l.slug', 'l.title', 'l.description', 'l.is_active', 'l.hidden_at', 'l.end_date', 'l.updated_at', 'u.id as owner_id', 'u.name as owner_name', 'u.language as owner_language'] as const;
  const cityName = sql<string | null>`(select name from cities where cities.id = l.city_id)`;
  const query =
    table === 'guest_spots'
      ? db.selectFrom('guest_spots as l').innerJoin('users as u', 'u.id', 'l.studio_id').select(shared).select(sql<string | null>`coalesce(l.city_name, ${cityName})`.as('place'))
      : db.selectFrom('availabilities as l').innerJoin('users as u', 'u.id', 'l.artist_id').select(shared).select(sql<string | null>`coalesce(${cityName}, l.preferred_location)`.as('place'));
  return query.where('l.id', 'in', ids).execute();
}

/** Every listing with a document: active, not hidden, not ended (`today` in Berlin). */
export function findListingKeys(db: Db, table: ListingTable, today: string): Promise<SortKeyRow[]> {
  return db
    .selectFrom(table)
    .select(['id', 'updated_at as at'])
    .where('is_active', '=', 1)
    .where('hidden_at', 'is', null)
    .where('end_date', '>=', today)
    .execute();
}

export function findListingStyles(db: Db, table: ListingTable, ids: number[]): Promise<StyleNameRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  if (table === 'guest_spots') {
    return db
      .selectFrom('guest_spot_styles as ls')
      .innerJoin('styles as s', 's.id', 'ls.style_id')
      .select(['ls.guest_spot_id as ref_id', ...STYLE_NAMES])
      .where('ls.guest_spot_id', 'in', ids)
      .orderBy('ls.guest_spot_id')
      .orderBy('s.id')
      .execute();
  }
  return db
    .selectFrom('availability_styles as ls')
    .innerJoin('styles as s', 's.id', 'ls.style_id')
    .select(['ls.availability_id as ref_id', ...STYLE_NAMES])
    .where('ls.availability_id', 'in', ids)
    .orderBy('ls.availability_id')
    .orderBy('s.id')
    .execute();
}

/** The ids of an owner's listings of both kinds (a profile's name is part of them). */
export async function findOwnerListingIds(db: Db, ownerId: number): Promise<{ guestspots: number[]; availabilities: number[] }> {
  const [spots, entries] = await Promise.all([
    db.selectFrom('guest_spots').select('id').where('studio_id', '=', ownerId).execute(),
    db.selectFrom('availabilities').select('id').where('artist_id', '=', ownerId).execute(),
  ]);
  return { guestspots: spots.map((r) => r.id), availabilities: entries.map((r) => r.id) };
}

/*
 * Each condition below is probed per match in the order search reads them, so a count or a page
 * stops at its limit. `limit 1 offset 0` keeps PostgreSQL from turning the `exists` into a join,
 * which would sort every match of the words by their row's id first (SQLite probes either way).
 */

/** Whether a profile document may be shown: its account is not an admin's. */
export const profileVisible = (): RawBuilder<boolean> => sql<boolean>`exists (select 1 from users v where v.id = d.ref_id and v.role <> 'admin' limit 1 offset 0)`;

/** Whether a listing document may be shown: active, not hidden by moderation, not ended (`today` in Berlin). */
export const listingVisible =
  (table: ListingTable) =>
  (today: string): RawBuilder<boolean> =>
    sql<boolean>`exists (select 1 from ${sql.table(table)} v where v.id = d.ref_id and v.is_active = 1 and v.hidden_at is null and v.end_date >= ${today} limit 1 offset 0)`;

export interface ThreadSourceRow {
  id: number;
  slug: string;
  title: string;
  language: string;
  author_id: number;
  hidden_at: string | null;
  last_post_at: string;
}

/** Forum threads by id. */
export function findThreads(db: Db, ids: number[]): Promise<ThreadSourceRow[]> {
  return db.selectFrom('forum_threads').select(['id', 'slug', 'title', 'language', 'author_id', 'hidden_at', 'last_post_at']).where('id', 'in', ids).execute();
}

/** Every thread with a document: those not hidden. */
export function findThreadKeys(db: Db): Promise<SortKeyRow[]> {
  return db.selectFrom('forum_threads').select(['id', 'last_post_at as at']).where('hidden_at', 'is', null).execute();
}

/** The visible posts of these threads (the opening post first), at most `perThread` of each, as their markdown. */
export async function findThreadPosts(db: Db, threadIds: number[], perThread: number): Promise<{ thread_id: number; body: string }[]> {
  if (threadIds.length === 0) return [];
  const rows = await db
    .selectFrom('forum_posts')
    .select(['thread_id', 'body', 'id'])
    .where('thread_id', 'in', threadIds)
    .where('hidden_at', 'is', null)
    .orderBy('thread_id')
    .orderBy('id')
    .execute();
  const taken = new Map<number, number>();
  return rows.filter((r) => {
    const n = taken.get(r.thread_id) ?? 0;
    taken.set(r.thread_id, n + 1);
    return n < perThread;
  });
}

/** Whether a thread document may be shown: the thread is not hidden by moderation. */
export const threadVisible = (): RawBuilder<boolean> => sql<boolean>`exists (select 1 from forum_threads v where v.id = d.ref_id and v.hidden_at is null limit 1 offset 0)`;
