import type { Language } from '../../../common/languages';
import { todayUtc, type PublicListQuery } from '../../../common/schemas/listing-fields';
import { tags } from '../../lib/answer-cache/index';
import type { ResultCache } from '../../lib/result-cache';
import type { ReferenceService } from '../reference/service';
import { likePattern } from './places';

/** The public list's filters, already resolved (country code to id, text to a LIKE pattern). */
export interface PublicFilter {
  today: string;
  styleId: number | null;
  countryId: number | null;
  cityId: number | null;
  from: string | null;
  to: string | null;
  /** The text filter folded like search_text (lowercase, no accents), and as a LIKE pattern. */
  text: string | null;
  pattern: string | null;
}

export interface PublicListRepo<Row> {
  listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language): Promise<Row[]>;
  countPublic(f: PublicFilter): Promise<number>;
}

export interface PublicPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const unfiltered = (today: string): PublicFilter => ({ today, styleId: null, countryId: null, cityId: null, from: null, to: null, text: null, pattern: null });

/**
 * The public list of one listing kind (guest spots or availabilities): active entries that have
 * not ended, soonest start first, filtered and paged, with their cards' pictures; a fixed number
 * of queries a page whatever its size, answered from the result cache while fresh. The day is
 * part of the key, so nothing ended is shown past midnight.
 */
export function createPublicList<Row, Item>(
  kind: string,
  deps: {
    cache: ResultCache;
    reference: ReferenceService;
    repo: PublicListRepo<Row>;
    present: (rows: Row[], lang: Language) => Promise<Item[]>;
    /** The users a page shows (its owners): their profile edits clear it. */
    ownersOf: (items: Item[]) => Iterable<number>;
  },
) {
  const { cache, reference, repo, present, ownersOf } = deps;
  const listTags = [tags.listings(kind)];
  const ownerTags = (page: PublicPage<Item>) => [...ownersOf(page.items)].map((id) => tags.user(id));

  async function load(query: PublicListQuery, today: string, lang: Language): Promise<PublicPage<Item>> {
    // search_text holds a listed city's stored name: "München" and "Lissabon" search as "Munich" and "Lisbon".
    const text = query.q ? await reference.searchSpelling(query.q) : null;
    const filter: PublicFilter = {
      today,
      styleId: query.style ?? null,
      countryId: await reference.countryFilterId(query.country),
      cityId: query.city ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      text,
      pattern: text ? likePattern(text) : null,
    };
    const offset = (query.page - 1) * query.limit;
    const [rows, total] = await Promise.all([repo.listPublicPage(filter, query.limit, offset, lang), repo.countPublic(filter)]);
    return { items: await present(rows, lang), total, page: query.page, pageSize: query.limit };
  }

  return {
    list(query: PublicListQuery, lang: Language): Promise<PublicPage<Item>> {
      const today = todayUtc();
      return cache.get(`${kind}:${today}:${lang}:${JSON.stringify(query)}`, listTags, () => load(query, today, lang), ownerTags);
    },

    /** How many entries the unfiltered list holds (for the list pages' paging links). */
    count(): Promise<number> {
      const today = todayUtc();
      return cache.get(`${kind}:${today}:count`, listTags, () => repo.countPublic(unfiltered(today)));
    },
  };
}
