import { sql, type Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { PublicFilter } from '../listings/public-list';

/** One guest spot with its studio and country, as the presenter reads it. */
export interface GuestSpotRow {
  id: number;
  studio_id: number;
  slug: string;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  country_id: number | null;
  city_id: number | null;
  city_name: string | null;
  compensation: string | null;
  compensation_details: string | null;
  places: number;
  requirements: string | null;
  is_active: number;
  created_at: string;
  updated_at: string;
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_city_name: string | null;
  owner_city: string | null;
  country_code: string | null;
  country_name: string | null;
}

export interface GuestSpotValues {
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  country_id: number | null;
  city_id: number | null;
  city_name: string | null;
  compensation: string | null;
  compensation_details: string | null;
  places: number;
  requirements: string | null;
  is_active: number;
  search_text: string;
}

/** What the matching narrows guest spots by: overlapping dates, then place and styles first. */
export interface SpotMatchFilter {
  today: string;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  styleIds: number[];
  limit: number;
}

const COLUMNS = [
  'g.id', 'g.studio_id', 'g.slug', 'g.title', 'g.description', 'g.start_date', 'g.end_date', 'g.country_id',
  'g.city_id', 'g.city_name', 'g.compensation', 'g.compensation_details', 'g.places', 'g.requirements',
  'g.is_active', 'g.created_at', 'g.updated_at', 'u.name as owner_name', 'u.username as owner_username',
  'u.avatar as owner_avatar', 'u.city_name as owner_city_name', 'u.city as owner_city', 'c.code as country_code',
] as const;

const countryName = (lang: Language) => sql<string | null>`${sql.ref(`c.name_${lang}`)}`.as('country_name');

type Executor = Db | Transaction<Database>;

export function createGuestSpotRepo(db: Db) {
  const detailed = (lang: Language) =>
    db
      .selectFrom('guest_spots as g')
      .innerJoin('users as u', 'u.id', 'g.studio_id')
      .leftJoin('countries as c', 'c.id', 'g.country_id')
      .select(COLUMNS)
      .select(countryName(lang));

  /** The filtered, not yet ordered public list on guest_spots alone (the index covers the common case). */
  const publicWhere = (f: PublicFilter) => {
    let q = db.selectFrom('guest_spots as g').where('g.is_active', '=', 1).where('g.end_date', '>=', f.from && f.from > f.today ? f.from : f.today);
    if (f.to) q = q.where('g.start_date', '<=', f.to);
    if (f.countryId !== null) q = q.where('g.country_id', '=', f.countryId);
    if (f.cityId !== null) q = q.where('g.city_id', '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where('g.id', 'in', (eb) => eb.selectFrom('guest_spot_styles').select('guest_spot_id').where('style_id', '=', styleId));
    }
    if (f.pattern) q = q.where(sql<boolean>`g.search_text like ${f.pattern} escape '\\'`);
    return q;
  };

  const pageQuery = (f: PublicFilter, limit: number, offset: number) =>
    publicWhere(f).select(['g.id as page_id', 'g.start_date as page_start']).orderBy('g.start_date').orderBy('g.id').limit(limit).offset(offset);

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    findById(id: number, lang: Language): Promise<GuestSpotRow | undefined> {
      return detailed(lang).where('g.id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string, lang: Language): Promise<GuestSpotRow | undefined> {
      return detailed(lang).where('g.slug', '=', slug).executeTakeFirst();
    },

    /** The bare row for permission checks and merging an update. */
    findOwnRow(id: number) {
      return db.selectFrom('guest_spots').selectAll().where('id', '=', id).executeTakeFirst();
    },

    slugById(id: number) {
      return db.selectFrom('guest_spots').select(['slug', 'is_active']).where('id', '=', id).executeTakeFirst();
    },

    /** Slugs equal to base or base-n, to pick the next free suffix. */
    async slugsLike(base: string): Promise<string[]> {
      const rows = await db
        .selectFrom('guest_spots')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return rows.map((r) => r.slug);
    },

    async insert(trx: Executor, values: GuestSpotValues & { studio_id: number; slug: string; created_at: string; updated_at: string }, styleIds: number[]): Promise<number> {
      const { id } = await trx.insertInto('guest_spots').values(values).returning('id').executeTakeFirstOrThrow();
      if (styleIds.length) await trx.insertInto('guest_spot_styles').values(styleIds.map((style_id) => ({ guest_spot_id: id, style_id }))).execute();
      return id;
    },

    async update(trx: Executor, id: number, values: Partial<GuestSpotValues> & { updated_at: string }, styleIds: number[] | undefined): Promise<void> {
      await trx.updateTable('guest_spots').set(values).where('id', '=', id).execute();
      if (styleIds === undefined) return;
      await trx.deleteFrom('guest_spot_styles').where('guest_spot_id', '=', id).execute();
      if (styleIds.length) await trx.insertInto('guest_spot_styles').values(styleIds.map((style_id) => ({ guest_spot_id: id, style_id }))).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('guest_spots').where('id', '=', id).execute();
    },

    /** Style ids and names of many spots in one query. */
    stylesOf(ids: number[], lang: Language) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('guest_spot_styles as l')
        .innerJoin('styles as s', 's.id', 'l.style_id')
        .select(['l.guest_spot_id as owner_id', 's.id'])
        .select(sql<string>`${sql.ref(`s.name_${lang}`)}`.as('name'))
        .where('l.guest_spot_id', 'in', ids)
        .execute();
    },

    /** A studio's spots, newest first; `activeOnly` for everyone but the owner. */
    listByStudio(studioId: number, activeOnly: boolean, limit: number, lang: Language): Promise<GuestSpotRow[]> {
      let q = detailed(lang).where('g.studio_id', '=', studioId);
      if (activeOnly) q = q.where('g.is_active', '=', 1);
      return q.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(limit).execute();
    },

    async countByStudio(studioId: number, activeOnly: boolean): Promise<number> {
      let q = db.selectFrom('guest_spots').select((eb) => eb.fn.countAll<number>().as('n')).where('studio_id', '=', studioId);
      if (activeOnly) q = q.where('is_active', '=', 1);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /**
     * One page of the public list, soonest start first. The page's ids are picked on
     * guest_spots alone (index-only when no text or place filter applies); studio and country
     * are joined for those rows only.
     */
    listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language): Promise<GuestSpotRow[]> {
      return db
        .selectFrom(pageQuery(f, limit, offset).as('p'))
        .innerJoin('guest_spots as g', 'g.id', 'p.page_id')
        .innerJoin('users as u', 'u.id', 'g.studio_id')
        .leftJoin('countries as c', 'c.id', 'g.country_id')
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
     * Active spots not yet ended whose dates overlap the given period; same city, same
     * country and shared styles first, so the bounded candidate set holds the best fits.
     */
    matchCandidates(f: SpotMatchFilter, lang: Language): Promise<GuestSpotRow[]> {
      let q = detailed(lang)
        .where('g.is_active', '=', 1)
        .where('g.end_date', '>=', f.startDate > f.today ? f.startDate : f.today)
        .where('g.start_date', '<=', f.endDate);
      if (f.cityId !== null) q = q.orderBy(sql`case when g.city_id = ${f.cityId} then 0 else 1 end`);
      if (f.countryId !== null) q = q.orderBy(sql`case when g.country_id = ${f.countryId} then 0 else 1 end`);
      if (f.styleIds.length) {
        q = q.orderBy(
          (eb) =>
            eb
              .selectFrom('guest_spot_styles as ms')
              .select((e) => e.fn.countAll().as('n'))
              .whereRef('ms.guest_spot_id', '=', 'g.id')
              .where('ms.style_id', 'in', f.styleIds),
          'desc',
        );
      }
      return q.orderBy('g.start_date').orderBy('g.id').limit(f.limit).execute();
    },
  };
}

export type GuestSpotRepo = ReturnType<typeof createGuestSpotRepo>;
