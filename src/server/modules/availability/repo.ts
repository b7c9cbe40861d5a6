import { sql, type Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { PublicFilter } from '../listings/public-list';

/** One availability with its artist, city and country, as the presenter reads it. */
export interface AvailabilityRow {
  id: number;
  artist_id: number;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  preferred_location: string | null;
  country_id: number | null;
  city_id: number | null;
  description: string | null;
  is_active: number;
  created_at: string;
  updated_at: string;
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_city_name: string | null;
  owner_city: string | null;
  city_name: string | null;
  country_code: string | null;
  country_name: string | null;
}

export interface AvailabilityValues {
  title: string;
  start_date: string;
  end_date: string;
  preferred_location: string | null;
  country_id: number | null;
  city_id: number | null;
  description: string | null;
  is_active: number;
  search_text: string;
}

/** What the matching narrows availabilities by: overlapping dates, then place and styles first. */
export interface AvailabilityMatchFilter {
  today: string;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  styleIds: number[];
  limit: number;
}

const COLUMNS = [
  'a.id', 'a.artist_id', 'a.slug', 'a.title', 'a.start_date', 'a.end_date', 'a.preferred_location', 'a.country_id',
  'a.city_id', 'a.description', 'a.is_active', 'a.created_at', 'a.updated_at', 'u.name as owner_name',
  'u.username as owner_username', 'u.avatar as owner_avatar', 'u.city_name as owner_city_name', 'u.city as owner_city',
  'ci.name as city_name', 'c.code as country_code',
] as const;

const countryName = (lang: Language) => sql<string | null>`${sql.ref(`c.name_${lang}`)}`.as('country_name');

type Executor = Db | Transaction<Database>;

export function createAvailabilityRepo(db: Db) {
  const detailed = (lang: Language) =>
    db
      .selectFrom('availabilities as a')
      .innerJoin('users as u', 'u.id', 'a.artist_id')
      .leftJoin('cities as ci', 'ci.id', 'a.city_id')
      .leftJoin('countries as c', 'c.id', 'a.country_id')
      .select(COLUMNS)
      .select(countryName(lang));

  /** The filtered, not yet ordered public list on availabilities alone (the index covers the common case). */
  const publicWhere = (f: PublicFilter) => {
    let q = db.selectFrom('availabilities as a').where('a.is_active', '=', 1).where('a.end_date', '>=', f.from && f.from > f.today ? f.from : f.today);
    if (f.to) q = q.where('a.start_date', '<=', f.to);
    if (f.countryId !== null) q = q.where('a.country_id', '=', f.countryId);
    if (f.cityId !== null) q = q.where('a.city_id', '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where('a.id', 'in', (eb) => eb.selectFrom('availability_styles').select('availability_id').where('style_id', '=', styleId));
    }
    if (f.pattern) q = q.where(sql<boolean>`a.search_text like ${f.pattern} escape '\\'`);
    return q;
  };

  const pageQuery = (f: PublicFilter, limit: number, offset: number) =>
    publicWhere(f).select(['a.id as page_id', 'a.start_date as page_start']).orderBy('a.start_date').orderBy('a.id').limit(limit).offset(offset);

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    findById(id: number, lang: Language): Promise<AvailabilityRow | undefined> {
      return detailed(lang).where('a.id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string, lang: Language): Promise<AvailabilityRow | undefined> {
      return detailed(lang).where('a.slug', '=', slug).executeTakeFirst();
    },

    findOwnRow(id: number) {
      return db.selectFrom('availabilities').selectAll().where('id', '=', id).executeTakeFirst();
    },

    slugById(id: number) {
      return db.selectFrom('availabilities').select(['slug', 'is_active']).where('id', '=', id).executeTakeFirst();
    },

    async slugsLike(base: string): Promise<string[]> {
      const rows = await db
        .selectFrom('availabilities')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return rows.map((r) => r.slug);
    },

    async insert(trx: Executor, values: AvailabilityValues & { artist_id: number; slug: string; created_at: string; updated_at: string }, styleIds: number[]): Promise<number> {
      const { id } = await trx.insertInto('availabilities').values(values).returning('id').executeTakeFirstOrThrow();
      if (styleIds.length) await trx.insertInto('availability_styles').values(styleIds.map((style_id) => ({ availability_id: id, style_id }))).execute();
      return id;
    },

    async update(trx: Executor, id: number, values: Partial<AvailabilityValues> & { updated_at: string }, styleIds: number[] | undefined): Promise<void> {
      await trx.updateTable('availabilities').set(values).where('id', '=', id).execute();
      if (styleIds === undefined) return;
      await trx.deleteFrom('availability_styles').where('availability_id', '=', id).execute();
      if (styleIds.length) await trx.insertInto('availability_styles').values(styleIds.map((style_id) => ({ availability_id: id, style_id }))).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('availabilities').where('id', '=', id).execute();
    },

    /** Style ids and names of many availabilities in one query. */
    stylesOf(ids: number[], lang: Language) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('availability_styles as l')
        .innerJoin('styles as s', 's.id', 'l.style_id')
        .select(['l.availability_id as owner_id', 's.id'])
        .select(sql<string>`${sql.ref(`s.name_${lang}`)}`.as('name'))
        .where('l.availability_id', 'in', ids)
        .execute();
    },

    /** An artist's entries, newest first; `activeOnly` for everyone but the owner. */
    listByArtist(artistId: number, activeOnly: boolean, limit: number, lang: Language): Promise<AvailabilityRow[]> {
      let q = detailed(lang).where('a.artist_id', '=', artistId);
      if (activeOnly) q = q.where('a.is_active', '=', 1);
      return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
    },

    async countByArtist(artistId: number, activeOnly: boolean): Promise<number> {
      let q = db.selectFrom('availabilities').select((eb) => eb.fn.countAll<number>().as('n')).where('artist_id', '=', artistId);
      if (activeOnly) q = q.where('is_active', '=', 1);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /** One page of the public list, soonest start first; artist, city and country joined for the page's rows only. */
    listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language): Promise<AvailabilityRow[]> {
      return db
        .selectFrom(pageQuery(f, limit, offset).as('p'))
        .innerJoin('availabilities as a', 'a.id', 'p.page_id')
        .innerJoin('users as u', 'u.id', 'a.artist_id')
        .leftJoin('cities as ci', 'ci.id', 'a.city_id')
        .leftJoin('countries as c', 'c.id', 'a.country_id')
        .select(COLUMNS)
        .select(countryName(lang))
        .orderBy('p.page_start')
        .orderBy('p.page_id')
        .execute();
    },

    async countPublic(f: PublicFilter): Promise<number> {
      const row = await publicWhere(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Active availabilities not yet ended whose dates overlap the given period; same city,
     * same country and shared styles first, so the bounded candidate set holds the best fits.
     */
    matchCandidates(f: AvailabilityMatchFilter, lang: Language): Promise<AvailabilityRow[]> {
      let q = detailed(lang)
        .where('a.is_active', '=', 1)
        .where('a.end_date', '>=', f.startDate > f.today ? f.startDate : f.today)
        .where('a.start_date', '<=', f.endDate);
      if (f.cityId !== null) q = q.orderBy(sql`case when a.city_id = ${f.cityId} then 0 else 1 end`);
      if (f.countryId !== null) q = q.orderBy(sql`case when a.country_id = ${f.countryId} then 0 else 1 end`);
      if (f.styleIds.length) {
        q = q.orderBy(
          (eb) =>
            eb
              .selectFrom('availability_styles as ms')
              .select((e) => e.fn.countAll().as('n'))
              .whereRef('ms.availability_id', '=', 'a.id')
              .where('ms.style_id', 'in', f.styleIds),
          'desc',
        );
      }
      return q.orderBy('a.start_date').orderBy('a.id').limit(f.limit).execute();
    },
  };
}

export type AvailabilityRepo = ReturnType<typeof createAvailabilityRepo>;
