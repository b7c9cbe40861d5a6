import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Language } from '../../../common/languages';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { PublicFilter } from './public-list';

/** Where one listing kind lives: its table and alias, its owner column and its style links. */
export interface ListingTable {
  table: 'guest_spots' | 'availabilities';
  alias: 'g' | 'a';
  owner: 'studio_id' | 'artist_id';
  links: 'guest_spot_styles' | 'availability_styles';
  linkKey: 'guest_spot_id' | 'availability_id';
}

/** What matching narrows by: overlapping dates, then same city, same country and shared styles first. */
export interface MatchFilter {
  today: string;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  styleIds: number[];
  limit: number;
}

/** What both kinds join to a listing row: the owner's card and the country. */
export interface ListingDetailColumns {
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_city_name: string | null;
  owner_city: string | null;
  country_code: string | null;
  country_name: string | null;
}

/** Fields both kinds store besides their own. */
export interface ListingValues {
  title: string;
  start_date: string;
  end_date: string;
  country_id: number | null;
  city_id: number | null;
  description: string | null;
  is_active: number;
  search_text: string;
}

type Executor = Db | Transaction<Database>;

/** A listing's stored row as an update reads it, with the name of its listed city (search text holds it). */
export type LockedRow<Values> = Values & { id: number; slug: string; owner_id: number; place_city_name: string | null };
// The statements below are the same for both kinds up to table and column names, which the
// typed builder cannot take as a union; they are written once on an untyped handle, and each
// kind's repo states the row types it answers.
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * The statements guest spots and availabilities share. `withDetails` adds the kind's joins
 * (owner, place) and columns to a query on the listing's alias; rows come back as `Row`.
 */
export function createListingRepo<Row, Values extends ListingValues>(
  typedDb: Db,
  t: ListingTable,
  withDetails: (query: AnyQuery, lang: Language) => AnyQuery,
) {
  const db = typedDb as unknown as Kysely<any>;
  const postgres = isPostgresDb(typedDb);
  const col = (name: string) => `${t.alias}.${name}`;
  const detailed = (lang: Language) => withDetails(db.selectFrom(`${t.table} as ${t.alias}`), lang);

  /**
   * The text filter as a substring match on search_text. On SQLite, three or more characters
   * go through the trigram FTS table of migration 005 (a quoted phrase of trigrams is a
   * substring; % and _ are plain characters there); shorter ones, and PostgreSQL (whose
   * pg_trgm index serves the LIKE itself), use LIKE.
   */
  const textFilter = (text: string, pattern: string) => {
    if (!postgres && [...text].length >= 3) {
      const search = sql.table(`${t.table}_search`);
      return sql<boolean>`${sql.ref(col('id'))} in (select rowid from ${search} where ${search} match ${`"${text.replace(/"/g, '""')}"`})`;
    }
    return sql<boolean>`${sql.ref(col('search_text'))} like ${pattern} escape '\\'`;
  };

  /** The filtered, not yet ordered public list on the listing table alone (an index covers the common case). */
  const publicWhere = (f: PublicFilter) => {
    let q = db
      .selectFrom(`${t.table} as ${t.alias}`)
      .where(col('is_active'), '=', 1)
      .where(col('end_date'), '>=', f.from && f.from > f.today ? f.from : f.today);
    if (f.to) q = q.where(col('start_date'), '<=', f.to);
    if (f.countryId !== null) q = q.where(col('country_id'), '=', f.countryId);
    if (f.cityId !== null) q = q.where(col('city_id'), '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where(col('id'), 'in', db.selectFrom(t.links).select(t.linkKey).where('style_id', '=', styleId));
    }
    if (f.pattern) q = q.where(textFilter(f.text ?? '', f.pattern));
    return q;
  };

  const replaceStyles = async (trx: Executor, id: number, styleIds: number[]) => {
    if (styleIds.length) await trx.insertInto(t.links).values(styleIds.map((style_id) => ({ [t.linkKey]: id, style_id })) as never).execute();
  };

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return typedDb.transaction().execute(fn);
    },

    /** An id past the columns' range names no row; PostgreSQL would fail on it rather than find nothing. */
    async findById(id: number, lang: Language): Promise<Row | undefined> {
      if (!isDbId(id)) return undefined;
      return detailed(lang).where(col('id'), '=', id).executeTakeFirst();
    },

    findBySlug(slug: string, lang: Language): Promise<Row | undefined> {
      return detailed(lang).where(col('slug'), '=', slug).executeTakeFirst();
    },

    /** The bare row for permission checks and merging an update. */
    async findOwnRow(id: number): Promise<(Values & { id: number; slug: string; owner_id: number }) | undefined> {
      if (!isDbId(id)) return undefined;
      return (await db.selectFrom(t.table).selectAll().select(`${t.owner} as owner_id`).where('id', '=', id).executeTakeFirst()) as
        | (Values & { id: number; slug: string; owner_id: number })
        | undefined;
    },

    /**
     * The bare row an update starts from, locked until the transaction ends (`FOR UPDATE`; on
     * SQLite a transaction holds the only connection, so nothing else runs meanwhile).
     */
    async lockOwnRow(trx: Transaction<Database>, id: number): Promise<LockedRow<Values> | undefined> {
      if (!isDbId(id)) return undefined;
      const query = (trx as unknown as Kysely<any>)
        .selectFrom(t.table)
        .selectAll()
        .select([`${t.owner} as owner_id`, sql<string | null>`(select name from cities where cities.id = ${sql.ref(`${t.table}.city_id`)})`.as('place_city_name')])
        .where('id', '=', id);
      return (await (postgres ? query.forUpdate() : query).executeTakeFirst()) as LockedRow<Values> | undefined;
    },

    /**
     * Keeps other creates of this kind waiting until the transaction ends, so a slug found free
     * stays free (PostgreSQL; on SQLite the transaction already runs alone). Inserts and updates
     * wait, reads do not.
     */
    async lockForInsert(trx: Transaction<Database>): Promise<void> {
      if (postgres) await sql`lock table ${sql.table(t.table)} in share row exclusive mode`.execute(trx);
    },

    /** Slugs equal to base or base-n, to pick the next free suffix. */
    async slugsLike(trx: Executor, base: string): Promise<string[]> {
      const rows: { slug: string }[] = await (trx as unknown as Kysely<any>)
        .selectFrom(t.table)
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return rows.map((r) => r.slug);
    },

    async insert(trx: Executor, values: Values & { owner_id: number; slug: string; created_at: string; updated_at: string }, styleIds: number[]): Promise<number> {
      const { owner_id, ...rest } = values;
      const { id } = await (trx as unknown as Kysely<any>)
        .insertInto(t.table)
        .values({ ...rest, [t.owner]: owner_id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceStyles(trx, id as number, styleIds);
      return id as number;
    },

    /** Changes the given columns; `styleIds` (when given) replace the style links. */
    async update(trx: Executor, id: number, values: Partial<Values> & { updated_at: string }, styleIds: number[] | undefined): Promise<void> {
      await (trx as unknown as Kysely<any>).updateTable(t.table).set(values).where('id', '=', id).execute();
      if (styleIds === undefined) return;
      await (trx as unknown as Kysely<any>).deleteFrom(t.links).where(t.linkKey, '=', id).execute();
      await replaceStyles(trx, id, styleIds);
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom(t.table).where('id', '=', id).execute();
    },

    /** Style ids and names of many listings in one query. */
    stylesOf(ids: number[], lang: Language): Promise<{ owner_id: number; id: number; name: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom(`${t.links} as l`)
        .innerJoin('styles as s', 's.id', 'l.style_id')
        .select([`l.${t.linkKey} as owner_id`, 's.id'])
        .select(sql<string>`${sql.ref(`s.name_${lang}`)}`.as('name'))
        .where(`l.${t.linkKey}`, 'in', ids)
        .execute();
    },

    /** An owner's listings, newest first; `activeOnly` for everyone but the owner. */
    listByOwner(ownerId: number, activeOnly: boolean, limit: number, lang: Language): Promise<Row[]> {
      let q = detailed(lang).where(col(t.owner), '=', ownerId);
      if (activeOnly) q = q.where(col('is_active'), '=', 1);
      return q.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc').limit(limit).execute();
    },

    async countByOwner(ownerId: number, activeOnly: boolean): Promise<number> {
      let q = db.selectFrom(t.table).select((eb) => eb.fn.countAll().as('n')).where(t.owner, '=', ownerId);
      if (activeOnly) q = q.where('is_active', '=', 1);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /**
     * One page of the public list, soonest start first. The page's ids are picked on the
     * listing table alone (index-only when no text filter applies); owner and place are joined
     * for those rows only.
     */
    listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language): Promise<Row[]> {
      const page = publicWhere(f)
        .select([`${col('id')} as page_id`, `${col('start_date')} as page_start`])
        .orderBy(col('start_date'))
        .orderBy(col('id'))
        .limit(limit)
        .offset(offset);
      const joined = db.selectFrom(page.as('p')).innerJoin(`${t.table} as ${t.alias}`, col('id'), 'p.page_id');
      return withDetails(joined, lang).orderBy('p.page_start').orderBy('p.page_id').execute();
    },

    async countPublic(f: PublicFilter): Promise<number> {
      const row = await publicWhere(f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Active listings not yet ended whose dates overlap the given period; same city, same
     * country and shared styles first, so the bounded candidate set holds the best fits.
     */
    matchCandidates(f: MatchFilter, lang: Language): Promise<Row[]> {
      let q = detailed(lang)
        .where(col('is_active'), '=', 1)
        .where(col('end_date'), '>=', f.startDate > f.today ? f.startDate : f.today)
        .where(col('start_date'), '<=', f.endDate);
      if (f.cityId !== null) q = q.orderBy(sql`case when ${sql.ref(col('city_id'))} = ${f.cityId} then 0 else 1 end`);
      if (f.countryId !== null) q = q.orderBy(sql`case when ${sql.ref(col('country_id'))} = ${f.countryId} then 0 else 1 end`);
      if (f.styleIds.length) {
        q = q.orderBy(
          (eb) =>
            eb
              .selectFrom(`${t.links} as ms`)
              .select((e) => e.fn.countAll().as('n'))
              .whereRef(`ms.${t.linkKey}`, '=', col('id'))
              .where('ms.style_id', 'in', f.styleIds),
          'desc',
        );
      }
      return q.orderBy(col('start_date')).orderBy(col('id')).limit(f.limit).execute();
    },
  };
}

export type ListingRepo<Row, Values extends ListingValues> = ReturnType<typeof createListingRepo<Row, Values>>;
