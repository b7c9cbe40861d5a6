import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../../common/languages';
import { SEARCH_COUNT_CAP, SEARCH_TYPES, type SearchType } from '../../../common/schemas/search';
import { isPostgresDb, nowIso, type Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';
import { asFlag, isVerifiedStudio } from '../../db/verified';
import { indexTerms, words, type QueryWord } from './text';

/** A thing to be found, as its source describes it; the repository makes the engine's words of it. */
export interface SearchDocument {
  type: SearchType;
  refId: number;
  ownerId: number;
  language: Language;
  /** Shown as the result's title, and matched above the body. */
  title: string;
  /** More words matched as title (a username) but not shown. */
  titleExtra?: string;
  /** The plain text the snippet is cut from. */
  body: string;
  /** More words matched as body but not shown (the style names in the other languages). */
  bodyExtra?: string;
  url: string;
  /** Recency: among equally good hits, the newer first. */
  sortAt: string;
}

/**
 * Where a page of results goes on: after this hit in the order tier, id desc. A document takes a
 * new id whenever its recency (`sortAt`) changes, and the rebuild inserts them oldest first, so
 * the newest id is the newest document: an order the full-text index walks by itself.
 */
export interface SearchCursor {
  tier: number;
  id: number;
}

export interface SearchRequest {
  words: QueryWord[];
  /** The searcher's language, whose stems the query's words are matched by. */
  lang: Language;
  type: SearchType | 'all';
  after: SearchCursor | null;
  limit: number;
  /** Per type with a source, whether a document (`d`) may be shown. */
  visible: Partial<Record<SearchType, RawBuilder<boolean>>>;
}

export interface SearchHit {
  id: number;
  type: SearchType;
  refId: number;
  title: string;
  body: string;
  language: Language;
  url: string;
  /** 0 when the title alone matches the query, else 1. */
  tier: number;
  imageUrl: string | null;
  /** The hit shows a verified studio. */
  verified: boolean;
}

interface HitRow {
  id: number;
  type: string;
  ref_id: number;
  title: string;
  body: string;
  language: string;
  url: string;
  tier: number;
  image_url: string | null;
  verified: unknown;
}

/**
 * The one interface of search over both engines: `upsert` and `remove` run in the caller's
 * transaction (pass it as `db`), `search` and `count` read.
 */
export interface SearchRepository {
  upsert(db: Db, doc: SearchDocument): Promise<void>;
  remove(db: Db, type: SearchType, refId: number): Promise<void>;
  /** Removes every document (the rebuild). */
  clear(db: Db): Promise<void>;
  /** Inserts documents not in the index yet, many a statement (the rebuild, after `clear`). */
  insertMany(db: Db, docs: SearchDocument[]): Promise<void>;
  search(db: Db, request: SearchRequest): Promise<SearchHit[]>;
  /** Per type, the documents shown, counted up to `COUNT_READ` (one past the cap the answer shows). */
  count(db: Db, request: SearchRequest): Promise<Record<SearchType, number>>;
}

/** Matches a count reads at most: one past SEARCH_COUNT_CAP, so the answer knows it is capped. */
const COUNT_READ = SEARCH_COUNT_CAP + 1;

const analyzed = (doc: SearchDocument) => ({
  title: words(`${doc.title} ${doc.titleExtra ?? ''}`),
  body: words(`${doc.body} ${doc.bodyExtra ?? ''}`),
});

function documentRow(doc: SearchDocument) {
  return {
    type: doc.type,
    ref_id: doc.refId,
    owner_id: doc.ownerId,
    language: doc.language,
    title: doc.title,
    body: doc.body,
    url: doc.url,
    sort_at: doc.sortAt,
    indexed_at: nowIso(),
  };
}

/**
 * The verified studio badge of a hit that shows a studio: its profile or one of its guest spots
 * (an availability is an artist's; a thread's author is not what the hit is about).
 */
const shownVerified = sql<boolean>`(d.type in ('profiles', 'guestspots') and ${isVerifiedStudio('d.owner_id')})`;

/** Shown at all: the type's own condition, and an owner who is not suspended now. */
function shownWhere(request: Pick<SearchRequest, 'type' | 'visible'>): RawBuilder<boolean> {
  const types = request.type === 'all' ? SEARCH_TYPES : [request.type];
  const parts = types.flatMap((type) => {
    const visible = request.visible[type];
    return visible ? [sql<boolean>`(d.type = ${type} and ${visible})`] : [];
  });
  if (parts.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(parts, sql` or `)}) and ${notSuspended('d.owner_id')}`;
}

/** The tiers a page may still take hits from: title hits (0), then the rest (1); none before the cursor's. */
const tiersAfter = (after: SearchCursor | null) => [0, 1].filter((tier) => !after || tier >= after.tier);

/** Within a tier, the hits after the cursor: a lower id (the cursor's own tier only). */
function belowCursor(tier: number, after: SearchCursor | null, column: string): RawBuilder<boolean> {
  return after && after.tier === tier ? sql<boolean>`${sql.ref(column)} < ${after.id}` : sql<boolean>`1 = 1`;
}

/** The types a count runs over: those with a source (the others count 0). */
const countedTypes = (request: SearchRequest) => SEARCH_TYPES.filter((type) => request.visible[type]);

/** How a count reads the matches of its words: `d` is a match, its document joined. */
interface CountReads {
  /** Up to `COUNT_READ` matches of any type, shown or not (`select 1`). */
  any: RawBuilder<unknown>;
  /** Every match, its document as `d` (`from ... where`, to be followed by `and` a condition). */
  matches: RawBuilder<unknown>;
  /** Up to `COUNT_READ` shown matches of one type (`select 1`). */
  ofType(type: SearchType): RawBuilder<unknown>;
}

/**
 * The counts per type. Words that match few documents in all (at most the cap) are counted in one
 * pass, grouped by type; more are counted per type, each count stopping one past the cap, in one
 * statement of scalar subqueries.
 */
async function countTypes(db: Db, request: SearchRequest, reads: CountReads): Promise<Record<SearchType, number>> {
  const types = countedTypes(request);
  const counts = emptyCounts();
  if (types.length === 0) return counts;
  const { rows: total } = await sql<{ n: number | string }>`select count(*) as n from (${reads.any}) c`.execute(db);
  if (Number(total[0]?.n ?? 0) <= SEARCH_COUNT_CAP) {
    const { rows } = await sql<{ type: string; n: number | string }>`select d.type, count(*) as n ${reads.matches} and ${shownWhere({ type: 'all', visible: request.visible })} group by d.type`.execute(db);
    for (const row of rows) if ((types as string[]).includes(row.type)) counts[row.type as SearchType] = Number(row.n);
    return counts;
  }
  const columns = types.map((type) => sql`(select count(*) from (${reads.ofType(type)}) c) as ${sql.ref(type)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(db);
  for (const type of types) counts[type] = Number(rows[0]?.[type] ?? 0);
  return counts;
}

const toHit = (row: HitRow): SearchHit => ({
  id: Number(row.id),
  type: row.type as SearchType,
  refId: Number(row.ref_id),
  title: row.title,
  body: row.body,
  language: row.language as Language,
  url: row.url,
  tier: Number(row.tier),
  imageUrl: row.image_url,
  verified: asFlag(row.verified),
});

/**
 * A page of hits from each tier's first matches (`id`, `tier`): each tier reads its matches newest
 * id first and stops at the page's size, so a search costs what its page costs, not what its
 * words match; only the page's documents are read whole with their owner's avatar and badge.
 */
function pageOf(tiers: RawBuilder<unknown>[], request: SearchRequest): RawBuilder<HitRow> {
  const ranked = sql.join(tiers.map((tier, i) => sql`select * from (${tier}) ${sql.raw(`t${i}`)}`), sql` union all `);
  return sql<HitRow>`select d.id, d.type, d.ref_id, d.title, d.body, d.language, d.url, u.avatar as image_url, ${shownVerified} as verified, p.tier
    from (select x.id, x.tier from (${ranked}) x order by x.tier, x.id desc limit ${request.limit}) p
    join search_documents d on d.id = p.id
    join users u on u.id = d.owner_id
    order by p.tier, p.id desc`;
}

function emptyCounts(): Record<SearchType, number> {
  return Object.fromEntries(SEARCH_TYPES.map((t) => [t, 0])) as Record<SearchType, number>;
}

/**
 * A document whose recency changed leaves before it is written again, so it takes a new id (the
 * newest); one rewritten with the same recency (its owner renamed) keeps its id and its place.
 * The insert below then decides by the unique (type, ref_id), so two writers of one document
 * never both insert it.
 */
async function dropIfMoved(db: Db, doc: SearchDocument): Promise<void> {
  await db.deleteFrom('search_documents').where('type', '=', doc.type).where('ref_id', '=', doc.refId).where('sort_at', '<>', doc.sortAt).execute();
}

/**
 * A document's rows in SQLite's two full-text tables: `search_fts` its words and its type (a
 * column of its own, for the types' counts and tabs), `search_titles` its title's words alone.
 */
async function insertFts(db: Db, docs: { id: number | undefined; doc: SearchDocument }[]): Promise<void> {
  const rows = docs.map(({ id, doc }) => {
    const terms = analyzed(doc);
    return { id, title: indexTerms(doc.language, terms.title), body: indexTerms(doc.language, terms.body), kind: doc.type };
  });
  await sql`insert into search_fts (rowid, title, body, kind) values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.title}, ${r.body}, ${r.kind})`))}`.execute(db);
  await sql`insert into search_titles (rowid, title) values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.title})`))}`.execute(db);
}

/**
 * SQLite: FTS5 over the words folded and stemmed by the app. The query is built from the words
 * alone, each quoted, so nothing the searcher typed is FTS5 syntax: per word its stem in the
 * searcher's language or the word itself (the last one as a prefix from two characters on), all words required. FTS5
 * hands its matches over in rowid order (the document's id), newest first when asked, so each
 * tier reads only as many matches as its page needs.
 */
const sqliteSearch: SearchRepository = {
  async upsert(db, doc) {
    await dropIfMoved(db, doc);
    const { id } = await db
      .insertInto('search_documents')
      .values(documentRow(doc))
      .onConflict((oc) => oc.columns(['type', 'ref_id']).doUpdateSet((eb) => ({
        owner_id: eb.ref('excluded.owner_id'),
        language: eb.ref('excluded.language'),
        title: eb.ref('excluded.title'),
        body: eb.ref('excluded.body'),
        url: eb.ref('excluded.url'),
        sort_at: eb.ref('excluded.sort_at'),
        indexed_at: eb.ref('excluded.indexed_at'),
      })))
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`delete from search_fts where rowid = ${id}`.execute(db);
    await sql`delete from search_titles where rowid = ${id}`.execute(db);
    await insertFts(db, [{ id, doc }]);
  },
  async remove(db, type, refId) {
    await db.deleteFrom('search_documents').where('type', '=', type).where('ref_id', '=', refId).execute();
  },
  async clear(db) {
    await sql`delete from search_fts`.execute(db);
    await sql`delete from search_titles`.execute(db);
    await db.deleteFrom('search_documents').execute();
  },
  async insertMany(db, docs) {
    if (docs.length === 0) return;
    const rows = await db.insertInto('search_documents').values(docs.map(documentRow)).returning(['id', 'type', 'ref_id']).execute();
    const ids = new Map(rows.map((r) => [`${r.type}:${r.ref_id}`, r.id]));
    await insertFts(db, docs.map((doc) => ({ id: ids.get(`${doc.type}:${doc.refId}`), doc })));
  },
  async search(db, request) {
    if (request.words.length === 0) return [];
    const ofType = request.type === 'all' ? sql`1 = 1` : sql`d.type = ${request.type}`;
    const tiers = tiersAfter(request.after).map((tier) =>
      tier === 0
        ? sql`select f.rowid as id, 0 as tier from search_titles f join search_documents d on d.id = f.rowid
          where search_titles match ${ftsQuery(request.words)} and ${ofType} and ${shownWhere(request)} and ${belowCursor(0, request.after, 'f.rowid')}
          order by f.rowid desc limit ${request.limit}`
        : sql`select f.rowid as id, 1 as tier from search_fts f join search_documents d on d.id = f.rowid
          where search_fts match ${ftsMatch(request.words, { type: request.type, tier: 1 })} and ${shownWhere(request)} and ${belowCursor(1, request.after, 'f.rowid')}
          order by f.rowid desc limit ${request.limit}`,
    );
    const { rows } = await pageOf(tiers, request).execute(db);
    return rows.map(toHit);
  },
  async count(db, request) {
    if (request.words.length === 0) return emptyCounts();
    const match = ftsMatch(request.words);
    return countTypes(db, request, {
      any: sql`select 1 from search_fts where search_fts match ${match} limit ${COUNT_READ}`,
      matches: sql`from search_fts f join search_documents d on d.id = f.rowid where search_fts match ${match}`,
      ofType: (type) => sql`select 1 from search_fts f join search_documents d on d.id = f.rowid
        where search_fts match ${ftsMatch(request.words, { type })} and ${shownWhere({ type, visible: request.visible })} limit ${COUNT_READ}`,
    });
  },
};

/**
 * The FTS5 match on `search_fts` of a search: the words in the title and body (never the type's
 * column), not all in the title for tier 1 (tier 0 reads `search_titles`), of one type unless `all`.
 */
export function ftsMatch(list: QueryWord[], opts: { type?: SearchType | 'all'; tier?: 1 } = {}): string {
  const words = ftsQuery(list);
  const text = opts.tier === 1 ? `({title body} : (${words}) NOT {title} : (${words}))` : `{title body} : (${words})`;
  return opts.type && opts.type !== 'all' ? `{kind} : "${opts.type}" AND ${text}` : text;
}

/** The FTS5 query of a search's words: only quoted terms, which FTS5 reads as plain text. */
export function ftsQuery(list: QueryWord[]): string {
  const quote = (term: string) => `"${term.replace(/"/g, '""')}"`;
  return list
    .map((w) => {
      const terms = new Set([quote(w.stem), w.prefix ? `${quote(w.exact)}*` : quote(w.exact)]);
      return `(${[...terms].join(' OR ')})`;
    })
    .join(' AND ');
}

const config = (lang: Language) => `tgs_${lang}`;

/** A document's words as a tsvector in its language's configuration and as exact words, at a weight. */
const vector = (lang: Language, list: string[], weight?: 'A' | 'B') => {
  const text = list.join(' ');
  const both = sql`(to_tsvector(${config(lang)}::regconfig, ${text}) || to_tsvector('tgs_simple'::regconfig, ${text}))`;
  return weight ? sql`setweight(${both}, ${weight})` : both;
};

/**
 * PostgreSQL: per word, `websearch_to_tsquery` in the searcher's language configuration (its
 * stem) or in `tgs_simple` (the exact word; the last one as a prefix through `to_tsquery`, unless a single character). The
 * words are letters and digits only, so neither parser sees an operator the searcher typed.
 */
function tsQuery(request: Pick<SearchRequest, 'words' | 'lang'>): RawBuilder<unknown> {
  const parts = request.words.map((w) => {
    const stemmed = sql`websearch_to_tsquery(${config(request.lang)}::regconfig, ${w.word})`;
    const exact = w.prefix ? sql`to_tsquery('tgs_simple'::regconfig, ${`'${w.word}':*`})` : sql`websearch_to_tsquery('tgs_simple'::regconfig, ${w.word})`;
    return sql`(${stemmed} || ${exact})`;
  });
  return sql.join(parts, sql` && `);
}

/** A document's row with its tsvectors, for a PostgreSQL insert. */
function postgresValues(doc: SearchDocument) {
  const row = documentRow(doc);
  const terms = analyzed(doc);
  return sql`(${row.type}, ${row.ref_id}, ${row.owner_id}, ${row.language}, ${row.title}, ${row.body}, ${row.url}, ${row.sort_at}, ${row.indexed_at},
    ${vector(doc.language, terms.title, 'A')} || ${vector(doc.language, terms.body, 'B')}, ${vector(doc.language, terms.title)})`;
}

const POSTGRES_COLUMNS = sql`(type, ref_id, owner_id, language, title, body, url, sort_at, indexed_at, tsv, title_tsv)`;

const postgresSearch: SearchRepository = {
  async upsert(db, doc) {
    await dropIfMoved(db, doc);
    await sql`insert into search_documents ${POSTGRES_COLUMNS} values ${postgresValues(doc)}
      on conflict (type, ref_id) do update set owner_id = excluded.owner_id, language = excluded.language, title = excluded.title,
        body = excluded.body, url = excluded.url, sort_at = excluded.sort_at, indexed_at = excluded.indexed_at,
        tsv = excluded.tsv, title_tsv = excluded.title_tsv`.execute(db);
  },
  remove: sqliteSearch.remove,
  async clear(db) {
    await db.deleteFrom('search_documents').execute();
  },
  async insertMany(db, docs) {
    if (docs.length === 0) return;
    await sql`insert into search_documents ${POSTGRES_COLUMNS} values ${sql.join(docs.map(postgresValues))}`.execute(db);
  },
  async search(db, request) {
    if (request.words.length === 0) return [];
    const ofType = request.type === 'all' ? sql`1 = 1` : sql`d.type = ${request.type}`;
    // A title holds its words in `tsv` too: the title tier reads the titles' own index alone.
    const tiers = tiersAfter(request.after).map((tier) => {
      const words = tier === 0 ? sql`d.title_tsv @@ q.query` : sql`d.tsv @@ q.query and not (d.title_tsv @@ q.query)`;
      return sql`select d.id, ${tier} as tier from search_documents d cross join (select ${tsQuery(request)} as query) q
        where ${words} and ${ofType} and ${shownWhere(request)} and ${belowCursor(tier, request.after, 'd.id')}
        order by d.id desc limit ${request.limit}`;
    });
    const { rows } = await pageOf(tiers, request).execute(db);
    return rows.map(toHit);
  },
  async count(db, request) {
    if (request.words.length === 0) return emptyCounts();
    return countTypes(db, request, {
      any: sql`select 1 from search_documents d where d.tsv @@ (${tsQuery(request)}) limit ${COUNT_READ}`,
      matches: sql`from search_documents d where d.tsv @@ (${tsQuery(request)})`,
      ofType: (type) => sql`select 1 from search_documents d
        where d.tsv @@ (${tsQuery(request)}) and d.type = ${type} and ${shownWhere({ type, visible: request.visible })} limit ${COUNT_READ}`,
    });
  },
};

/** The repository of the engine `db` runs on. */
export function searchRepository(db: Db): SearchRepository {
  return isPostgresDb(db) ? postgresSearch : sqliteSearch;
}

/** The version of the index's rules a database was built with (search_state). */
export async function readIndexVersion(db: Db): Promise<string | null> {
  const row = await db.selectFrom('search_state').select('value').where('key', '=', 'version').executeTakeFirst();
  return row?.value ?? null;
}

export async function writeIndexVersion(db: Db, version: string): Promise<void> {
  await db
    .insertInto('search_state')
    .values({ key: 'version', value: version })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
    .execute();
}

/**
 * The `ref_id`s of a type's documents that hold every word (its stem in `lang` or the word, the
 * last one as a prefix), as a subquery for another module's `id in (...)`: the public lists'
 * text filter reads the same index as the site search. What may be shown is the caller's rule.
 */
export function matchingRefs(db: Db, type: SearchType, list: QueryWord[], lang: Language): RawBuilder<number> {
  // `offset 0` keeps the type check after the text match: otherwise PostgreSQL ANDs the GIN hits
  // with every document of the type from (type, ref_id), tens of thousands of entries read for none.
  if (isPostgresDb(db)) return sql<number>`select m.ref_id from (select d.ref_id, d.type from search_documents d where d.tsv @@ (${tsQuery({ words: list, lang })}) offset 0) m where m.type = ${type}`;
  return sql<number>`select d.ref_id from search_fts join search_documents d on d.id = search_fts.rowid where search_fts match ${ftsMatch(list, { type })} and d.type = ${type}`;
}

/** The last `ref_id` of a type's next `limit` documents after `after`, or null past the last (the prune's batches). */
export async function batchEnd(db: Db, type: SearchType, after: number, limit: number): Promise<number | null> {
  const { rows } = await sql<{ hi: number | string | null }>`select max(ref_id) as hi from (select ref_id from search_documents where type = ${type} and ref_id > ${after} order by ref_id limit ${limit}) b`.execute(db);
  const hi = rows[0]?.hi;
  return hi === null || hi === undefined ? null : Number(hi);
}

/** Deletes a type's documents in a `ref_id` range that `visible` (of `d`) no longer shows, checked in the one statement; how many. */
export async function removeUnshown(db: Db, type: SearchType, range: { after: number; upTo: number }, visible: RawBuilder<boolean>): Promise<number> {
  const result = await sql`delete from search_documents as d where d.type = ${type} and d.ref_id > ${range.after} and d.ref_id <= ${range.upTo} and not ${visible}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
