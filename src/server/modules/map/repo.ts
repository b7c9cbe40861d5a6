import { sql, type SelectQueryBuilder } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';

import { notLookedUp, unplaced } from '../../db/plan-hints';
import { notSuspended } from '../../db/suspension';

/** What the map counts and lists: listings overlapping from..to (today on), of one style. */
export interface MapFilter {
  today: string;
  from?: string;
  to?: string;
  styleId?: number;
}

/** A count per listed city. */
export interface CityCount {
  city_id: number;
  n: number | string;
}

/** A count per typed place: the country and the name as stored (either may be missing). */
export interface NamedCount {
  country_id: number | null;
  name: string | null;
  n: number | string;
}

/** Rows per IN list: far below both engines' bind limits. */
const CHUNK = 1000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

const notAdmin = (column: string) => sql<boolean>`${sql.ref(column)} not in (select a.id from users a where a.role = 'admin')`;


/**
 * The map's reads: counts grouped per city and per typed place (a few grouped queries, never
 * one per row), and a city's items a page at a time. Public means what the lists show: active,
 * not hidden, not ended listings and studios, of owners neither suspended nor admins.
 */
export function createMapRepo(db: Db) {
  const postgres = isPostgresDb(db);

  /**
   * The end day a shown listing must reach. For a city's items, a page in start order, it is not
   * looked up in an index on SQLite: the city's start-ordered index is walked to the page's end
   * instead of every shown listing of the city being read through the end-day index and sorted.
   */
  const endDay = (ordered: boolean) => (ordered ? notLookedUp<string>('l.end_date', postgres) : sql<string>`${sql.ref('l.end_date')}`);

  const studios = (f: MapFilter) => {
    let q = db
      .selectFrom('users as u')
      .where('u.user_type', '=', 'studio')
      // The admin team by its index of roles, so a city's studios are read from (user_type, city_id, id) alone.
      .where(notAdmin('u.id'))
      .where(notSuspended('u.id'));
    if (f.styleId !== undefined) {
      const styleId = f.styleId;
      q = q.where('u.id', 'in', (eb) => eb.selectFrom('user_styles').select('user_id').where('style_id', '=', styleId));
    }
    return q;
  };

  const guestSpots = (f: MapFilter, ordered = false) => {
    let q = db
      .selectFrom('guest_spots as l')
      .where('l.is_active', '=', 1)
      .where('l.hidden_at', 'is', null)
      .where(endDay(ordered), '>=', f.from && f.from > f.today ? f.from : f.today)
      .where(notSuspended('l.studio_id'))
      .where(notAdmin('l.studio_id'));
    if (f.to) q = q.where('l.start_date', '<=', f.to);
    if (f.styleId !== undefined) {
      const styleId = f.styleId;
      q = q.where('l.id', 'in', (eb) => eb.selectFrom('guest_spot_styles').select('guest_spot_id').where('style_id', '=', styleId));
    }
    return q;
  };

  const availabilities = (f: MapFilter, ordered = false) => {
    let q = db
      .selectFrom('availabilities as l')
      .where('l.is_active', '=', 1)
      .where('l.hidden_at', 'is', null)
      .where(endDay(ordered), '>=', f.from && f.from > f.today ? f.from : f.today)
      .where(notSuspended('l.artist_id'))
      .where(notAdmin('l.artist_id'));
    if (f.to) q = q.where('l.start_date', '<=', f.to);
    if (f.styleId !== undefined) {
      const styleId = f.styleId;
      q = q.where('l.id', 'in', (eb) => eb.selectFrom('availability_styles').select('availability_id').where('style_id', '=', styleId));
    }
    return q;
  };

  /** Counts per listed city of a query whose rows carry `cityColumn`. */
  const perCity = <DB, TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>, cityColumn: string) =>
    q
      .select([sql<number>`${sql.ref(cityColumn)}`.as('city_id'), sql<number | string>`count(*)`.as('n')])
      .where(sql<boolean>`${sql.ref(cityColumn)} > 0`)
      .groupBy(sql.ref(cityColumn))
      .execute() as Promise<CityCount[]>;

  const typedName = sql<string | null>`coalesce(${sql.ref('u.city_name')}, ${sql.ref('u.city')})`;

  /** A city's public guest spots: listed in it, or typed with one of `names` in its country. */
  const spotsIn = (cityId: number, countryId: number, names: string[], today: string, ordered = false) =>
    guestSpots({ today }, ordered).where((eb) =>
      eb.or([
        eb('l.city_id', '=', cityId),
        ...(names.length ? [eb.and([unplaced('l.city_id'), eb('l.country_id', '=', countryId), eb('l.city_name', 'in', names)])] : []),
      ]),
    );

  const availabilitiesIn = (cityId: number, today: string, ordered = false) => availabilities({ today }, ordered).where('l.city_id', '=', cityId);

  /** A city's public studios: listed in it, or typed with one of `names` in its country. */
  const studiosIn = (cityId: number, countryId: number, names: string[]) =>
    studios({ today: '' }).where((eb) =>
      eb.or([
        eb('u.city_id', '=', cityId),
        ...(names.length ? [eb.and([unplaced('u.city_id'), eb('u.country_id', '=', countryId), eb(typedName, 'in', names)])] : []),
      ]),
    );

  return {
    async studioCities(f: MapFilter): Promise<CityCount[]> {
      return perCity(studios(f), 'u.city_id');
    },

    /** Studios without a listed city, by their typed place (users store the name in city_name, older rows in city). */
    async studioNames(f: MapFilter): Promise<NamedCount[]> {
      const name = typedName;
      return studios(f)
        .select([sql<number | null>`${sql.ref('u.country_id')}`.as('country_id'), name.as('name'), sql<number | string>`count(*)`.as('n')])
        .where(unplaced('u.city_id'))
        .groupBy(['u.country_id', name])
        .execute();
    },

    async guestSpotCities(f: MapFilter): Promise<CityCount[]> {
      return perCity(guestSpots(f), 'l.city_id');
    },

    /** Guest spots without a listed city, by their typed place. */
    async guestSpotNames(f: MapFilter): Promise<NamedCount[]> {
      return guestSpots(f)
        .select(['l.country_id', 'l.city_name as name', sql<number | string>`count(*)`.as('n')])
        .where(unplaced('l.city_id'))
        .groupBy(['l.country_id', 'l.city_name'])
        .execute();
    },

    async availabilityCities(f: MapFilter): Promise<CityCount[]> {
      return perCity(availabilities(f), 'l.city_id');
    },

    /** Availabilities name no city of their own when none is listed: all of them count as unplaced. */
    async availabilitiesWithoutCity(f: MapFilter): Promise<number> {
      const row = await availabilities(f)
        .select(sql<number | string>`count(*)`.as('n'))
        .where(unplaced('l.city_id'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Position and country of the given cities. */
    async cities(ids: readonly number[]) {
      const parts = await Promise.all(
        chunks(ids).map((part) =>
          db
            .selectFrom('cities as c')
            .innerJoin('countries as co', 'co.id', 'c.country_id')
            .select(['c.id', 'c.country_id', 'co.code as country_code', 'c.latitude', 'c.longitude'])
            .where('c.id', 'in', part)
            .execute(),
        ),
      );
      return parts.flat();
    },

    /** The distinct typed place names of a country among public studios and guest spots, to match against one city. */
    async typedNamesIn(countryId: number, today: string): Promise<string[]> {
      const f: MapFilter = { today };
      const name = typedName;
      const [s, g] = await Promise.all([
        studios(f)
          .select(name.as('name'))
          .where('u.country_id', '=', countryId)
          .where(unplaced('u.city_id'))
          .distinct()
          .execute(),
        guestSpots(f)
          .select('l.city_name as name')
          .where('l.country_id', '=', countryId)
          .where(unplaced('l.city_id'))
          .distinct()
          .execute(),
      ]);
      return [...new Set([...s, ...g].map((r) => r.name).filter((n): n is string => !!n))];
    },

    /** How many public guest spots, availabilities and studios a city has (the typed `names` of its country included). */
    async cityCounts(cityId: number, countryId: number, names: string[], today: string) {
      const count = sql<number | string>`count(*)`.as('n');
      const [g, a, s] = await Promise.all([
        spotsIn(cityId, countryId, names, today).select(count).executeTakeFirstOrThrow(),
        availabilitiesIn(cityId, today).select(count).executeTakeFirstOrThrow(),
        studiosIn(cityId, countryId, names).select(count).executeTakeFirstOrThrow(),
      ]);
      return { guestSpots: Number(g.n), availabilities: Number(a.n), studios: Number(s.n) };
    },

    /** A page of a city's guest spots by start day and id, after the cursor. */
    guestSpotItems(cityId: number, countryId: number, names: string[], today: string, after: { day: string; id: number } | null, limit: number) {
      let q = spotsIn(cityId, countryId, names, today, true).select([
        'l.id', 'l.slug', 'l.title', 'l.start_date', 'l.end_date',
        sql<string | null>`(select p.thumbnail_url from guest_spot_photos p where p.guest_spot_id = ${sql.ref('l.id')} order by p.position, p.id limit 1)`.as('photo'),
        sql<string | null>`(select o.avatar from users o where o.id = ${sql.ref('l.studio_id')})`.as('avatar'),
      ]);
      if (after) q = q.where((eb) => eb.or([eb('l.start_date', '>', after.day), eb.and([eb('l.start_date', '=', after.day), eb('l.id', '>', after.id)])]));
      return q.orderBy('l.start_date').orderBy('l.id').limit(limit).execute();
    },

    availabilityItems(cityId: number, today: string, after: { day: string; id: number } | null, limit: number) {
      let q = availabilitiesIn(cityId, today, true).select([
        'l.id', 'l.slug', 'l.title', 'l.start_date', 'l.end_date',
        sql<string | null>`(select o.avatar from users o where o.id = ${sql.ref('l.artist_id')})`.as('avatar'),
      ]);
      if (after) q = q.where((eb) => eb.or([eb('l.start_date', '>', after.day), eb.and([eb('l.start_date', '=', after.day), eb('l.id', '>', after.id)])]));
      return q.orderBy('l.start_date').orderBy('l.id').limit(limit).execute();
    },

    studioItems(cityId: number, countryId: number, names: string[], afterId: number | null, limit: number) {
      let q = studiosIn(cityId, countryId, names).select(['u.id', 'u.name', 'u.username', 'u.avatar']);
      if (afterId !== null) q = q.where('u.id', '>', afterId);
      return q.orderBy('u.id').limit(limit).execute();
    },
  };
}

export type MapRepo = ReturnType<typeof createMapRepo>;
