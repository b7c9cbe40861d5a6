import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';

/** At most this many stays and as many availabilities on a tour or in a feed: a year of travel. */
export const TOUR_ROWS_MAX = 100;

export interface ArtistRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  city_id: number | null;
  city_name: string | null;
  updated_at: string;
}

/** A listed artist by the key of their name; studios, admins and suspended accounts have no tour. */
export function findArtist(db: Db, usernameKey: string): Promise<ArtistRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'avatar', 'city_id', 'city_name', 'updated_at'])
    .where('username_key', '=', usernameKey)
    .where('user_type', '=', 'artist')
    .where('role', '!=', 'admin')
    .where(notSuspended('users.id'))
    .executeTakeFirst();
}

export interface StayRow {
  id: number;
  artist_id: number;
  studio_id: number;
  start_date: string;
  end_date: string;
  city_name: string | null;
  created_at: string;
  artist_name: string;
  artist_username: string;
  studio_name: string;
  studio_username: string;
  studio_avatar: string | null;
  studio_city_id: number | null;
  /** The listed city the stay is in (its spot's, else the studio's), with its coordinates for the globe. */
  place_city_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Confirmed stays that have not ended by `fromDay`, by first day: the artist's own (`as:
 * 'artist'`), or every stay the user is a side of (`as: 'either'`, for the private feed).
 */
export function confirmedStays(db: Db, userId: number, fromDay: string, as: 'artist' | 'either'): Promise<StayRow[]> {
  return db
    .selectFrom('stays as s')
    .innerJoin('users as a', 'a.id', 's.artist_id')
    .innerJoin('users as st', 'st.id', 's.studio_id')
    // Where the stay is: its spot's listed city, else the studio's (an invitation has no spot).
    .leftJoin('guest_spots as g', 'g.id', 's.guest_spot_id')
    .leftJoin('cities as ci', (join) => join.on((eb) => eb('ci.id', '=', eb.fn.coalesce('g.city_id', 'st.city_id'))))
    .select([
      's.id',
      's.artist_id',
      's.studio_id',
      's.start_date',
      's.end_date',
      's.city_name',
      's.created_at',
      'a.name as artist_name',
      'a.username as artist_username',
      'st.name as studio_name',
      'st.username as studio_username',
      'st.avatar as studio_avatar',
      'st.city_id as studio_city_id',
      'ci.id as place_city_id',
      'ci.latitude',
      'ci.longitude',
    ])
    .where((eb) => (as === 'artist' ? eb('s.artist_id', '=', userId) : eb.or([eb('s.artist_id', '=', userId), eb('s.studio_id', '=', userId)])))
    .where('s.status', '=', 'confirmed')
    .where('s.end_date', '>=', fromDay)
    .orderBy('s.start_date')
    .orderBy('s.id')
    .limit(TOUR_ROWS_MAX)
    .execute();
}

export interface AvailabilityRow {
  id: number;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  city_id: number | null;
  preferred_location: string | null;
  updated_at: string;
  /** The listed city's coordinates, for the globe. */
  latitude: number | null;
  longitude: number | null;
  country_en: string | null;
  country_de: string | null;
  country_es: string | null;
  country_fr: string | null;
  country_pt: string | null;
}

/** The artist's public availabilities that have not ended by `fromDay`, by first day. */
export function openAvailabilities(db: Db, artistId: number, fromDay: string): Promise<AvailabilityRow[]> {
  return db
    .selectFrom('availabilities as v')
    .leftJoin('countries as c', 'c.id', 'v.country_id')
    .leftJoin('cities as ci', 'ci.id', 'v.city_id')
    .select([
      'v.id',
      'v.slug',
      'v.title',
      'v.start_date',
      'v.end_date',
      'v.city_id',
      'v.preferred_location',
      'v.updated_at',
      'ci.latitude',
      'ci.longitude',
      'c.name_en as country_en',
      'c.name_de as country_de',
      'c.name_es as country_es',
      'c.name_fr as country_fr',
      'c.name_pt as country_pt',
    ])
    .where('v.artist_id', '=', artistId)
    .where('v.is_active', '=', 1)
    .where('v.hidden_at', 'is', null)
    .where('v.end_date', '>=', fromDay)
    .orderBy('v.start_date')
    .orderBy('v.id')
    .limit(TOUR_ROWS_MAX)
    .execute();
}

export interface PendingRequestRow {
  id: number;
  kind: string;
  start_date: string;
  end_date: string;
  created_at: string;
  artist_id: number;
  artist_name: string;
  studio_name: string;
  spot_title: string | null;
}

/** Requests the user made or was sent that still wait for an answer and have not started. */
export function pendingRequests(db: Db, userId: number, today: string): Promise<PendingRequestRow[]> {
  return db
    .selectFrom('deal_requests as r')
    .innerJoin('users as a', 'a.id', 'r.artist_id')
    .innerJoin('users as st', 'st.id', 'r.studio_id')
    .leftJoin('guest_spots as g', 'g.id', 'r.guest_spot_id')
    .select(['r.id', 'r.kind', 'r.start_date', 'r.end_date', 'r.created_at', 'r.artist_id', 'a.name as artist_name', 'st.name as studio_name', 'g.title as spot_title'])
    .where((eb) => eb.or([eb('r.artist_id', '=', userId), eb('r.studio_id', '=', userId)]))
    .where('r.status', '=', 'pending')
    .where('r.start_date', '>=', today)
    .orderBy('r.start_date')
    .orderBy('r.id')
    .limit(TOUR_ROWS_MAX)
    .execute();
}

/** The user whose private feed the token opens, with their language. */
export function userOfFeed(db: Db, token: string): Promise<{ id: number; name: string; user_type: string; language: string | null } | undefined> {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.name', 'u.user_type', 'u.language'])
    .where('f.token', '=', token)
    .where(notSuspended('u.id'))
    .executeTakeFirst();
}

/** The user's feed token, made with `token` when there is none (one row per user decides a race). */
export async function feedToken(db: Db, userId: number, token: string, now: string): Promise<string> {
  await db.insertInto('calendar_feeds').values({ user_id: userId, token, created_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const row = await db.selectFrom('calendar_feeds').select('token').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.token;
}

/** Forgets the user's feed: its address answers 404 from now on. */
export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
