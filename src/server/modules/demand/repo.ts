import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';

/** Followers of one place: a listed city (`city_id`), or a name typed by hand in a country. */
export interface FollowerPlace {
  city_id: number | null;
  country_id: number | null;
  name: string | null;
  n: number | string;
}

export interface AlertCity {
  city_id: number;
  n: number | string;
}

export interface CityPosition {
  id: number;
  country_code: string;
  latitude: number;
  longitude: number;
}

/** A listed city of a profile; 0 and null mean none (0 is a city typed by hand). */
const listed = sql<boolean>`${sql.ref('u.city_id')} > 0`;
/** The typed place of a profile without a listed city (the form stores it in city_name, older rows in city). */
const typedName = sql<string | null>`case when ${listed} then null else nullif(trim(coalesce(${sql.ref('u.city_name')}, ${sql.ref('u.city')})), '') end`;
const listedCity = sql<number | null>`case when ${listed} then ${sql.ref('u.city_id')} else null end`;
const typedCountry = sql<number | null>`case when ${listed} then null else ${sql.ref('u.country_id')} end`;

/**
 * An account's followers counted per place, in one grouped query: from `follows_followed_idx`
 * (followed_id first) to each follower's row by its key. The pair is the follows' primary key, so
 * each row is a distinct follower. Suspended followers and followers without any place are left out.
 */
export function followerPlaces(db: Db, followedId: number): Promise<FollowerPlace[]> {
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', 'f.follower_id')
    .select([listedCity.as('city_id'), typedCountry.as('country_id'), typedName.as('name'), sql<number | string>`count(*)`.as('n')])
    .where('f.followed_id', '=', followedId)
    .where(notSuspended('f.follower_id'))
    .where(sql<boolean>`(${listed} or ${typedName} is not null)`)
    .groupBy([listedCity, typedCountry, typedName])
    .execute();
}

/** An artist's confirmed city alerts counted per city as distinct addresses, read through `city_alerts_artist_idx`. */
export function alertCities(db: Db, artistId: number): Promise<AlertCity[]> {
  return db
    .selectFrom('city_alerts')
    .select(['city_id', sql<number | string>`count(distinct ${sql.ref('email_key')})`.as('n')])
    .where('artist_id', '=', artistId)
    .where('confirmed_at', 'is not', null)
    .groupBy('city_id')
    .execute();
}

/** Position and country of the cities named (at most a page of the answer's). */
export function cityPositions(db: Db, ids: readonly number[]): Promise<CityPosition[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cities as c')
    .innerJoin('countries as co', 'co.id', 'c.country_id')
    .select(['c.id', 'co.code as country_code', 'c.latitude', 'c.longitude'])
    .where('c.id', 'in', ids)
    .execute();
}

/** Where a profile is: its listed city, else the place typed by hand and its country. */
export function profilePlace(db: Db, userId: number) {
  return db.selectFrom('users').select(['city_id', 'country_id', 'city_name', 'city']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Public availabilities in a city overlapping [from, to], and their distinct artists: active, not
 * hidden, of artists neither suspended nor staff. Read through `availabilities_city_start_idx`
 * (city_id, is_active, start_date, ..., end_date, artist_id).
 */
export async function availabilitiesIn(db: Db, cityId: number, from: string, to: string): Promise<{ availabilities: number; artists: number }> {
  const row = await db
    .selectFrom('availabilities as a')
    .select([sql<number | string>`count(*)`.as('availabilities'), sql<number | string>`count(distinct ${sql.ref('a.artist_id')})`.as('artists')])
    .where('a.city_id', '=', cityId)
    .where('a.is_active', '=', 1)
    .where('a.hidden_at', 'is', null)
    .where('a.start_date', '<=', to)
    .where('a.end_date', '>=', from)
    .where(notSuspended('a.artist_id'))
    // Each counted row's artist by its key: a few rows in one city, not a walk over all staff.
    .innerJoin('users as u', 'u.id', 'a.artist_id')
    .where('u.role', '<>', 'admin')
    .executeTakeFirst();
  return { availabilities: Number(row?.availabilities ?? 0), artists: Number(row?.artists ?? 0) };
}
