import type { RawBuilder } from 'kysely';
import type { Language } from '../../../common/languages';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { isDbId } from '../../../common/schemas/ids';
import { hasControlCharacters } from '../../../common/text';
import { SEARCH_COUNT_CAP, SEARCH_TYPES, type SearchAnswer, type SearchQuery, type SearchResult, type SearchType } from '../../../common/schemas/search';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import { matchingRefs, readIndexVersion, searchRepository, writeIndexVersion, type SearchCursor, type SearchDocument, type SearchRequest } from './repo';
import { SOURCES } from './sources';
import { findOwnerListingIds } from './sources-repo';
import { queryWords, snippet } from './text';

/**
 * The version of the index's rules (words, folding, stemming, what a document holds). A start
 * that finds another version in the database rebuilds the index (`ensureSearchIndex`).
 */
export const SEARCH_INDEX_VERSION = '3';

/** Writes a document in the caller's transaction: for a source whose module writes its own (the forum's threads). */
export function upsertDocument(db: Db, doc: SearchDocument): Promise<void> {
  return searchRepository(db).upsert(db, doc);
}

/** Removes a document in the caller's transaction. */
export function removeDocument(db: Db, type: SearchType, refId: number): Promise<void> {
  return searchRepository(db).remove(db, type, refId);
}

/** Brings the documents of these ids of a type in line with their rows: written, or removed when there is nothing to find. */
async function sync(db: Db, type: SearchType, ids: number[]): Promise<void> {
  const source = SOURCES[type];
  if (!source || ids.length === 0) return;
  const repo = searchRepository(db);
  const docs = await source.load(db, ids);
  for (const id of ids) {
    const doc = docs.get(id);
    if (doc) await repo.upsert(db, doc);
    else await repo.remove(db, type, id);
  }
}

/**
 * Indexes a profile in the caller's transaction (a sign-up, a profile edit), and the owner's
 * listings with it, whose documents carry the owner's name.
 */
export async function indexProfile(db: Db, userId: number): Promise<void> {
  await sync(db, 'profiles', [userId]);
  const own = await findOwnerListingIds(db, userId);
  await sync(db, 'guestspots', own.guestspots);
  await sync(db, 'availabilities', own.availabilities);
}

/** Indexes a guest spot or an availability in the caller's transaction; one no longer shown (or deleted) leaves the index. */
export function indexListing(db: Db, type: 'guestspots' | 'availabilities', id: number): Promise<void> {
  return sync(db, type, [id]);
}

/** Indexes a forum thread with its visible posts in the caller's transaction; a hidden or deleted one leaves the index. */
export function indexThread(db: Db, id: number): Promise<void> {
  return sync(db, 'threads', [id]);
}

/**
 * A list's text filter through the site search's index: the ids of the type's documents holding
 * every word of `q` (the last as a prefix), as a subquery; null when `q` has no word to match.
 */
export function documentsMatching(db: Db, type: SearchType, q: string, lang: Language): RawBuilder<number> | null {
  const list = queryWords(q, lang);
  return list.length ? matchingRefs(db, type, list, lang) : null;
}

const REBUILD_PAGE = 500;
/** Documents one insert statement writes (SQLite's and PostgreSQL's bound parameters stay far below their limits). */
const INSERT_BATCH = 100;

/**
 * Rebuilds the whole index from the sources in one transaction, so searches never see it half
 * made. Documents are written oldest first across all types, so their ids keep the order of
 * their recency, the order search reads them in.
 */
export async function rebuildSearchIndex(db: Db): Promise<Record<SearchType, number>> {
  return db.transaction().execute(async (trx) => {
    const repo = searchRepository(trx);
    await repo.clear(trx);
    const sources = Object.entries(SOURCES) as [SearchType, NonNullable<(typeof SOURCES)[SearchType]>][];
    const keys: { type: SearchType; id: number; at: string }[] = [];
    for (const [type, source] of sources) for (const row of await source.keys(trx)) keys.push({ type, id: row.id, at: row.at });
    const rank = new Map(sources.map(([type], i) => [type, i]));
    keys.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : (rank.get(a.type) ?? 0) - (rank.get(b.type) ?? 0) || a.id - b.id));
    const written: Partial<Record<SearchType, number>> = {};
    for (let start = 0; start < keys.length; start += REBUILD_PAGE) {
      const page = keys.slice(start, start + REBUILD_PAGE);
      const loaded = new Map<SearchType, Map<number, SearchDocument>>();
      for (const [type, source] of sources) {
        const ids = page.filter((k) => k.type === type).map((k) => k.id);
        if (ids.length) loaded.set(type, await source.load(trx, ids));
      }
      const docs = page.flatMap((k) => loaded.get(k.type)?.get(k.id) ?? []);
      for (let i = 0; i < docs.length; i += INSERT_BATCH) await repo.insertMany(trx, docs.slice(i, i + INSERT_BATCH));
      for (const doc of docs) written[doc.type] = (written[doc.type] ?? 0) + 1;
    }
    await writeIndexVersion(trx, SEARCH_INDEX_VERSION);
    return { profiles: 0, guestspots: 0, availabilities: 0, threads: 0, ...written };
  });
}

/** Rebuilds the index when it was built by other rules than these (or never: a new or upgraded database). */
export async function ensureSearchIndex(db: Db): Promise<boolean> {
  if ((await readIndexVersion(db)) === SEARCH_INDEX_VERSION) return false;
  await rebuildSearchIndex(db);
  return true;
}

function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.tier, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): SearchCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    // [tier, id]; one made before documents were ordered by id alone held their time between,
    // which is read no more. A forged cursor must not carry NUL or an id past the column's range.
    const time: unknown = Array.isArray(value) && value.length === 3 ? value[1] : '';
    if (Array.isArray(value) && (value.length === 2 || value.length === 3) && typeof time === 'string' && time.length <= 40 && !hasControlCharacters(time)) {
      const tier: unknown = value[0];
      const id: unknown = value.at(-1);
      if ((tier === 0 || tier === 1) && typeof id === 'number' && isDbId(id)) return { tier, id };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(400, 'cursorInvalid', {}, { field: 'cursor' });
}

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: { db: Db }) {
  const { db } = deps;

  /** GET /api/search: a page of hits of one type or all, with every type's count. */
  async function search(query: SearchQuery, lang: Language): Promise<SearchAnswer> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const today = todayInBerlin();
    const visible = Object.fromEntries(Object.entries(SOURCES).map(([type, source]) => [type, source.visible(today)]));
    const request: SearchRequest = { words: queryWords(query.q, lang), lang, type: query.type, after, limit: query.limit + 1, visible };
    const repo = searchRepository(db);
    const [hits, read] = await Promise.all([repo.search(db, request), repo.count(db, request)]);
    const countsCapped = SEARCH_TYPES.filter((type) => read[type] > SEARCH_COUNT_CAP);
    const counts = Object.fromEntries(SEARCH_TYPES.map((type) => [type, Math.min(read[type], SEARCH_COUNT_CAP)])) as Record<SearchType, number>;
    const page = hits.slice(0, query.limit);
    const last = page.at(-1);
    const results = page.map((hit): SearchResult => {
      const cut = snippet(hit.body, request.words, { searcher: lang, document: hit.language });
      return { type: hit.type, id: hit.refId, title: hit.title, snippet: cut.snippet, highlights: cut.highlights, url: hit.url, imageUrl: hit.imageUrl, verified: hit.verified };
    });
    return {
      query: query.q,
      results,
      counts,
      ...(countsCapped.length ? { countsCapped } : {}),
      nextCursor: hits.length > query.limit && last ? encodeCursor({ tier: last.tier, id: last.id }) : null,
    };
  }

  return { search };
}
