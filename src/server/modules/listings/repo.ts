import { sql, type InsertObject, type Transaction, type UpdateObject } from 'kysely';
import type { Language } from '../../../common/languages';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { AvailabilitiesTable, Database, GuestSpotsTable } from '../../db/schema';
import { notLookedUp } from '../../db/plan-hints';
import { notSuspended } from '../../db/suspension';
import { isVerifiedStudio } from '../../db/verified';
import { hasPicture } from '../profiles/index';
import { addDays } from '../../../common/schemas/listing-fields';
import { documentsMatching, indexListing } from '../search/index';
import { STYLE_LINKS, ownerColumn, type ListingDerivedColumn, type ListingKind, type ListingOwnColumn, type ListingOwnerColumn, type ListingStyleKey, type ListingTableName } from './kind';
import type { PublicFilter } from './public-list';

type Shared = 'id' | 'slug' | 'title' | 'description' | 'start_date' | 'end_date' | 'country_id' | 'city_id' | 'is_active' | 'hidden_at' | 'hidden_reason' | 'search_text' | 'created_at' | 'updated_at';

/**
 * Both listing tables as one typed table: the shared columns, and every kind's owner and own
 * columns. A query reads the shared ones and only its kind's owner and own columns (the
 * descriptor names them), so the compiler checks every statement below for both kinds.
 */
type ListingView = Pick<GuestSpotsTable, Shared> &
  Record<ListingOwnerColumn, number> &
  Pick<GuestSpotsTable, 'city_name' | 'compensation' | 'compensation_details' | 'places' | 'requirements' | 'terms'> &
  Pick<GuestSpotsTable, 'deal_type' | 'guest_share_percent' | 'rent_day_cents' | 'offers_housing'> &
  Pick<AvailabilitiesTable, 'preferred_location' | 'wishes'>;

/** A link table of either kind as one typed table. */
type StyleLinkView = Record<ListingStyleKey | 'style_id', number>;

/**
 * The countries a match candidate may be in: `countryId` (null: none named), and when
 * `orAnywhere`, also none (an availability open to anywhere); null allows every country.
 */
export type CountryRule = { countryId: number | null; orAnywhere: boolean } | null;

/** What matching narrows by: overlapping dates not yet ended, the country rule; shared styles, then same city first. */
export interface MatchFilter {
  today: string;
  startDate: string;
  endDate: string;
  country: CountryRule;
  cityId: number | null;
  styleIds: number[];
  limit: number;
}

/** The shared columns a create or update writes; a kind adds its own columns. */
export interface ListingValues {
  title: string;
  start_date: string;
  end_date: string;
  country_id: number | null;
  city_id: number | null;
  city_name?: string | null;
  description: string | null;
  is_active: 0 | 1;
  search_text: string;
}

export type OwnValues = Partial<Record<ListingOwnColumn | ListingDerivedColumn, string | number | null>>;

type Executor = Db | Transaction<Database>;

/**
 * At most this many featured listings lead a public list. Past it the rest of them follow in the
 * ordinary order, still each once, and the ids left out of the second read stay a bounded list.
 */
export const FEATURED_ROWS_MAX = 1000;

/**
 * At most this many of one featured owner's listings lead a public list; the owner's others
 * follow in the ordinary order, so one owner posting many cannot fill the first pages.
 */
export const FEATURED_PER_OWNER = 3;

/** A day text as a number that grows with the day: year * 372 + month * 31 + day. */
const dayNumber = (column: string) => `(cast(substr(${column}, 1, 4) as integer) * 372 + cast(substr(${column}, 6, 2) as integer) * 31 + cast(substr(${column}, 9, 2) as integer))`;

/**
 * A listing's length in those numbers, never less than its days (a month counts 31, a year 372).
 * Written exactly as the `*_span_idx` of migration 2026-11-27-071, which is how both engines
 * read its largest value from the end of that index.
 */
const SPAN_DAYS = `(${dayNumber('end_date')} - ${dayNumber('start_date')})`;

/** Whether a write failed on a unique index (the slug), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The statements of one listing kind; its table and columns come from the kind descriptor. */
export function createListingRepo(db: Db, kind: Pick<ListingKind, 'table' | 'owner' | 'storesCityName' | 'fields'>) {
  const postgres = isPostgresDb(db);
  const table: ListingTableName = kind.table;
  const owner = ownerColumn(kind);
  const styleLinks = STYLE_LINKS[table];
  const linkKey = styleLinks.key;
  const listing = () => sql<ListingView>`${sql.table(table)}`.as('l');
  const links = () => sql<StyleLinkView>`${sql.table(styleLinks.table)}`.as('ls');
  const ownColumns = Object.values(kind.fields).map((f) => `l.${f.column}` as const);
  // Every write of a listing brings its search document in line, in the write's transaction.
  const searchType = table === 'guest_spots' ? 'guestspots' : 'availabilities';

  /** A listing with its owner's card, its country and the place's city name; `lang` names the country. */
  const detailed = (lang: Language) =>
    db
      .selectFrom(listing())
      .innerJoin('users as u', 'u.id', `l.${owner}`)
      .leftJoin('countries as c', 'c.id', 'l.country_id')
      // Only a kind without a stored city name reads the listed city (an unused left join on a key costs nothing).
      .leftJoin('cities as ci', 'ci.id', 'l.city_id')
      .select([
        'l.id', 'l.slug', 'l.title', 'l.description', 'l.start_date', 'l.end_date', 'l.country_id', 'l.city_id',
        'l.is_active', 'l.hidden_at', 'l.hidden_reason', 'l.created_at', 'l.updated_at', `l.${owner} as owner_id`, 'u.name as owner_name',
        'u.username as owner_username', 'u.avatar as owner_avatar', 'u.city_name as owner_city_name',
        'u.city as owner_city', 'c.code as country_code',
      ])
      .select(ownColumns)
      .select(sql<string | null>`${sql.ref(kind.storesCityName ? 'l.city_name' : 'ci.name')}`.as('city_name'))
      .select(sql<string | null>`${sql.ref(`c.name_${lang}`)}`.as('country_name'))
      // Only a studio can be verified: an artist's listings skip the probe.
      .select((kind.owner === 'studio' ? isVerifiedStudio(`l.${owner}`) : sql<boolean>`1 = 0`).as('owner_verified'))
      // A suspended owner's listings leave every answer, their detail pages too.
      .where(notSuspended(`l.${owner}`));

  /**
   * The text filter. Three or more characters holding a word go through the site search's index
   * (its words: stem or word, the last one as a prefix, every word required; docs/decisions/031);
   * shorter text, and text without any letter or digit ("%", "100 %"), match as a substring of
   * search_text, which no word index can answer.
   */
  const textFilter = (f: PublicFilter) => {
    const text = f.text ?? '';
    const documents = [...text].length >= 3 ? documentsMatching(db, searchType, text, f.lang) : null;
    if (documents) return sql<boolean>`${sql.ref('l.id')} in (${documents})`;
    return sql<boolean>`${sql.ref('l.search_text')} like ${f.pattern} escape '\\'`;
  };

  /**
   * The earliest day a listing not ended on `day` can start: `day` minus the longest span among
   * such listings, read from the end of the span index (the first entry not ended). The public
   * list walks its start-ordered index from there, so the past's ended listings are never read.
   * Null when no listing is shown at all.
   */
  const earliestStart = async (day: string): Promise<string | null> => {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`${sql.raw(SPAN_DAYS)}`.as('span'))
      .where('is_active', '=', 1)
      .where('end_date', '>=', day)
      .orderBy(sql.raw(SPAN_DAYS), 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? addDays(day, -Number(row.span)) : null;
  };

  /**
   * earliestStart of a filter's first day, read once per filter: a list's page and its count run
   * side by side with the same filter object and need the same day.
   */
  const startOfFilter = new WeakMap<PublicFilter, Promise<string | null>>();
  const earliestStartOf = (f: PublicFilter): Promise<string | null> => {
    let earliest = startOfFilter.get(f);
    if (!earliest) {
      earliest = earliestStart(shownFrom(f));
      startOfFilter.set(f, earliest);
    }
    return earliest;
  };

  /** The first day the list shows listings ending on or after: today, or a later `from`. */
  const shownFrom = (f: PublicFilter) => (f.from && f.from > f.today ? f.from : f.today);

  /**
   * A column of the public list's date conditions. For the featured owners' rows on SQLite it is
   * written `+l.column`, which SQLite will not look up in an index: the planner then starts from
   * the owner's index (owner, is_active, start_date, id: a handful of rows, already in the order
   * the ranking reads them) instead of walking the public index and reading every row for its
   * owner. PostgreSQL weighs the owner list itself.
   */
  const listed = (column: 'end_date' | 'start_date', byOwner: boolean) =>
    byOwner ? notLookedUp<string | number>(`l.${column}`, postgres) : sql<string | number>`${sql.ref(`l.${column}`)}`;

  /**
   * The filtered, not yet ordered public list on the listing table alone, starting no earlier
   * than `earliest` (see earliestStart): an index in start order covers every condition but the
   * style and the text.
   */
  const publicWhere = (f: PublicFilter, earliest: string, byOwner = false) => {
    let q = db
      .selectFrom(listing())
      .where('l.is_active', '=', 1)
      .where(listed('start_date', byOwner), '>=', earliest)
      .where(listed('end_date', byOwner), '>=', shownFrom(f))
      .where(notSuspended(`l.${owner}`));
    if (f.to) q = q.where(listed('start_date', byOwner), '<=', f.to);
    if (f.countryId !== null) q = q.where('l.country_id', '=', f.countryId);
    if (f.cityId !== null) q = q.where('l.city_id', '=', f.cityId);
    if (f.styleId !== null) {
      const styleId = f.styleId;
      q = q.where('l.id', 'in', db.selectFrom(links()).select(`ls.${linkKey}`).where('ls.style_id', '=', styleId));
    }
    if (f.pattern) q = q.where(textFilter(f));
    // The deal's filters read the columns written from a spot's terms; a share or a rent names
    // its deal type too, so the deal index (deal_type first) serves either.
    const deal = f.deal;
    if (deal) {
      if (deal.dealType) q = q.where('l.deal_type', '=', deal.dealType);
      if (deal.minGuestShare !== null) q = q.where('l.deal_type', '=', 'commission').where('l.guest_share_percent', '>=', deal.minGuestShare);
      if (deal.maxRentCents !== null) q = q.where('l.deal_type', '=', 'chair_rental').where('l.rent_day_cents', '<=', deal.maxRentCents);
      if (deal.housing) q = q.where('l.offers_housing', '=', 1);
    }
    return q;
  };

  const replaceStyles = async (trx: Executor, id: number, styleIds: number[]) => {
    if (styleIds.length) {
      const rows = styleIds.map((style_id) => ({ [linkKey]: id, style_id }) as Record<ListingStyleKey, number> & { style_id: number });
      await trx.insertInto(styleLinks.table).values(rows).execute();
    }
  };

  /** The bare row: shared, owner and own columns, and the place's city name as the search text holds it. */
  const bareRow = (trx: Executor, id: number) =>
    trx
      .selectFrom(listing())
      .select([
        'l.id', 'l.slug', 'l.title', 'l.description', 'l.start_date', 'l.end_date', 'l.country_id', 'l.city_id',
        'l.is_active', 'l.hidden_at', `l.${owner} as owner_id`,
      ])
      .select(ownColumns)
      .select(
        kind.storesCityName
          ? sql<string | null>`${sql.ref('l.city_name')}`.as('city_name')
          : sql<string | null>`(select name from cities where cities.id = ${sql.ref('l.city_id')})`.as('city_name'),
      )
      .where('l.id', '=', id);

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** An id past the columns' range names no row; PostgreSQL would fail on it rather than find nothing. */
    async findById(id: number, lang: Language) {
      if (!isDbId(id)) return undefined;
      return detailed(lang).where('l.id', '=', id).executeTakeFirst();
    },

    findBySlug(slug: string, lang: Language) {
      return detailed(lang).where('l.slug', '=', slug).executeTakeFirst();
    },

    /** The bare row for permission checks and merging an update. */
    async findOwnRow(id: number) {
      if (!isDbId(id)) return undefined;
      return bareRow(db, id).executeTakeFirst();
    },

    /**
     * The bare row an update starts from, locked until the transaction ends (`FOR UPDATE`; on
     * SQLite a transaction holds the only connection, so nothing else runs meanwhile).
     */
    async lockOwnRow(trx: Transaction<Database>, id: number) {
      if (!isDbId(id)) return undefined;
      const query = bareRow(trx, id);
      return (postgres ? query.forUpdate() : query).executeTakeFirst();
    },

    /**
     * Keeps other creates of this kind waiting until the transaction ends, so a slug found free
     * stays free (PostgreSQL; on SQLite the transaction already runs alone). Inserts and updates
     * wait, reads do not.
     */
    async lockForInsert(trx: Transaction<Database>): Promise<void> {
      if (postgres) await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
    },

    /**
     * Keeps the owner's other creates and reactivations of either kind waiting until the
     * transaction ends, so a count of the owner's active listings stays true until the write
     * (PostgreSQL; on SQLite the transaction already runs alone). `for no key update` still lets
     * other tables' rows refer to the user meanwhile. Taken before any lock on the listing table
     * or its rows, in every transaction that takes it, so two writers never wait on each other.
     */
    async lockOwner(trx: Transaction<Database>, ownerId: number): Promise<void> {
      if (postgres) await trx.selectFrom('users').select('id').where('id', '=', ownerId).forNoKeyUpdate().execute();
    },

    /** How many of the owner's listings the public lists show on `today`: active and not ended. */
    async countActive(trx: Executor, ownerId: number, today: string): Promise<number> {
      const row = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(owner, '=', ownerId)
        .where('is_active', '=', 1)
        .where('end_date', '>=', today)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Slugs equal to base or base-n, to pick the next free suffix. */
    async slugsLike(trx: Executor, base: string): Promise<string[]> {
      const rows = await trx
        .selectFrom(table)
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return rows.map((r) => r.slug);
    },

    async insert(trx: Executor, values: ListingValues & OwnValues & { owner_id: number; slug: string; created_at: string; updated_at: string }, styleIds: number[]): Promise<number> {
      const { owner_id, ...rest } = values;
      const row = { ...rest, [owner]: owner_id } as InsertObject<Database, ListingTableName>;
      const { id } = await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
      await replaceStyles(trx, id, styleIds);
      await indexListing(trx, searchType, id);
      return id;
    },

    /** Changes the given columns; `styleIds` (when given) replace the style links. */
    async update(trx: Executor, id: number, values: Partial<ListingValues> & OwnValues & { updated_at: string }, styleIds: number[] | undefined): Promise<void> {
      await trx.updateTable(table).set(values as UpdateObject<Database, ListingTableName>).where('id', '=', id).execute();
      if (styleIds !== undefined) {
        await trx.deleteFrom(styleLinks.table).where(linkKey, '=', id).execute();
        await replaceStyles(trx, id, styleIds);
      }
      await indexListing(trx, searchType, id);
    },

    async remove(id: number, trx?: Executor): Promise<void> {
      const removeWith = async (t: Executor) => {
        await t.deleteFrom(table).where('id', '=', id).execute();
        await indexListing(t, searchType, id);
      };
      await (trx ? removeWith(trx) : db.transaction().execute(removeWith));
    },

    /** Style ids and names of many listings in one query. */
    stylesOf(ids: number[], lang: Language): Promise<{ owner_id: number; id: number; name: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom(links())
        .innerJoin('styles as s', 's.id', 'ls.style_id')
        .select([`ls.${linkKey} as owner_id`, 's.id'])
        .select(sql<string>`${sql.ref(`s.name_${lang}`)}`.as('name'))
        .where(`ls.${linkKey}`, 'in', ids)
        .execute();
    },

    /**
     * An owner's listings, newest first: all of them for the owner; for everyone else (`shownSince`
     * a day) the active ones not ended before that day, as the public lists show them.
     */
    listByOwner(ownerId: number, shownSince: string | null, limit: number, lang: Language) {
      let q = detailed(lang).where(`l.${owner}`, '=', ownerId);
      // The end checked from the index entry (`+`: no range on it), so SQLite walks the owner's
      // (is_active, created_at, id) in the tab's order instead of sorting the owner's rows.
      if (shownSince !== null) q = q.where('l.is_active', '=', 1).where(listed('end_date', true), '>=', shownSince);
      return q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
    },

    async countByOwner(ownerId: number, shownSince: string | null): Promise<number> {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(owner, '=', ownerId);
      if (shownSince !== null) q = q.where('is_active', '=', 1).where('end_date', '>=', shownSince);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /** Owners of this kind whose featured time lies ahead: their listings lead the public list. */
    async featuredOwners(now: string): Promise<number[]> {
      const rows = await db.selectFrom('users').select('id').where('user_type', '=', kind.owner).where('featured_until', '>', now).execute();
      return rows.map((r) => r.id);
    },

    /**
     * One page of the public list: the featured owners' listings first (each owner's soonest
     * `FEATURED_PER_OWNER`), then all others, each part soonest start first. The page's ids are
     * picked on the listing table alone, walking an index in start order from the earliest start
     * a shown listing can have (index-only unless a style or text filter applies), and only the
     * page's rows are read with their owner and place: a deferred join, never an offset over
     * full rows. With featured owners, two reads: their first few each through the owner's index
     * (PostgreSQL: a lateral join per owner; SQLite, which has none: numbered per owner by one
     * window function in the same statement), then the others, the leading ids left out and the
     * offset moved past them.
     */
    async listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language) {
      const earliest = await earliestStartOf(f);
      if (earliest === null) return [];
      let featured: number[] = [];
      if (f.featuredOwners.length && postgres && !f.pattern) {
        // Per featured owner, its first few through the owner's index (a lateral join reads no
        // more of an owner's entries than it keeps); then those merged in the list's order. With
        // a text filter the matches are few, and the ranking below joins them once instead of
        // probing them per owner.
        const owners = sql<{ id: number }>`(select unnest(${f.featuredOwners}::int[]) as id)`.as('o');
        const firstOfOwner = publicWhere(f, earliest)
          .select(['l.id', 'l.start_date'])
          .where(sql<boolean>`${sql.ref(`l.${owner}`)} = ${sql.ref('o.id')}`)
          .orderBy('l.start_date')
          .orderBy('l.id')
          .limit(FEATURED_PER_OWNER);
        featured = (
          await db
            .selectFrom(owners)
            .innerJoinLateral(firstOfOwner.as('x'), (join) => join.onTrue())
            .select('x.id')
            .orderBy('x.start_date')
            .orderBy('x.id')
            .limit(FEATURED_ROWS_MAX)
            .execute()
        ).map((r) => r.id);
      } else if (f.featuredOwners.length) {
        const ranked = publicWhere(f, earliest, true)
          .select(['l.id', 'l.start_date'])
          .select(sql<number>`row_number() over (partition by ${sql.ref(`l.${owner}`)} order by ${sql.ref('l.start_date')}, ${sql.ref('l.id')})`.as('owner_rank'))
          .where(`l.${owner}`, 'in', f.featuredOwners);
        featured = (
          await db
            .selectFrom(ranked.as('f'))
            .select('f.id')
            .where('f.owner_rank', '<=', FEATURED_PER_OWNER)
            .orderBy('f.start_date')
            .orderBy('f.id')
            .limit(FEATURED_ROWS_MAX)
            .execute()
        ).map((r) => r.id);
      }
      const first = featured.slice(offset, offset + limit);
      let rest: number[] = [];
      if (first.length < limit) {
        let others = publicWhere(f, earliest).select('l.id');
        if (featured.length) others = others.where('l.id', 'not in', featured);
        const rows = await others
          .orderBy('l.start_date')
          .orderBy('l.id')
          .limit(limit - first.length)
          .offset(Math.max(0, offset - featured.length))
          .execute();
        rest = rows.map((r) => r.id);
      }
      const ids = [...first, ...rest];
      if (ids.length === 0) return [];
      const rows = new Map((await detailed(lang).where('l.id', 'in', ids).execute()).map((r) => [r.id, r]));
      // A row deleted between the reads is left out rather than shown half.
      return ids.flatMap((id) => rows.get(id) ?? []);
    },

    /**
     * How many listings the public list holds, counted on the start-ordered index alone; with
     * `upTo`, no more than that many are counted (docs/decisions/031), so the count stops where
     * a page's walk would.
     */
    async countPublic(f: PublicFilter, upTo?: number): Promise<number> {
      const earliest = await earliestStartOf(f);
      if (earliest === null) return 0;
      const shown = publicWhere(f, earliest);
      if (upTo === undefined) return Number((await shown.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      // In the list's order, so the count walks the start-ordered index as a page does; a scan in
      // table order would read the oldest, ended rows first. A text filter's matches are few and
      // come from the text index, so they are counted in no order.
      const walk = shown.select(sql<number>`1`.as('one'));
      const counted = (f.pattern ? walk : walk.orderBy('l.start_date').orderBy('l.id')).limit(upTo);
      return Number((await db.selectFrom(counted.as('c')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    },

    /**
     * Active listings not yet ended whose dates overlap the given period, in the countries the
     * rule allows, posted by profiles that show a picture; shared styles, then the same city
     * first, so the bounded candidate set holds the best fits.
     */
    matchCandidates(f: MatchFilter, lang: Language) {
      let q = detailed(lang)
        .where('l.is_active', '=', 1)
        .where('l.end_date', '>=', f.startDate > f.today ? f.startDate : f.today)
        .where('l.start_date', '<=', f.endDate)
        .where(hasPicture('u'));
      const rule = f.country;
      if (rule) {
        q = q.where((eb) =>
          eb.or([
            ...(rule.countryId !== null ? [eb('l.country_id', '=', rule.countryId)] : []),
            ...(rule.orAnywhere ? [eb('l.country_id', 'is', null)] : []),
          ]),
        );
      }
      if (f.styleIds.length) {
        q = q.orderBy(
          (eb) =>
            eb
              .selectFrom(links())
              .select((e) => e.fn.countAll().as('n'))
              .whereRef(`ls.${linkKey}`, '=', 'l.id')
              .where('ls.style_id', 'in', f.styleIds),
          'desc',
        );
      }
      if (f.cityId !== null) q = q.orderBy(sql`case when ${sql.ref('l.city_id')} = ${f.cityId} then 0 else 1 end`);
      return q.orderBy('l.start_date').orderBy('l.id').limit(f.limit).execute();
    },

    /** The owner's profile place, which a kind that `defaultsToOwnerPlace` takes for a create without one. */
    findUserPlace(userId: number) {
      return db.selectFrom('users').select(['country_id', 'city_id', 'city_name', 'city']).where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type ListingRepo = ReturnType<typeof createListingRepo>;
export type ListingRow = NonNullable<Awaited<ReturnType<ListingRepo['findById']>>>;
export type OwnRow = NonNullable<Awaited<ReturnType<ListingRepo['findOwnRow']>>>;
