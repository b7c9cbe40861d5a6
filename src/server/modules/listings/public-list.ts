import type { Language } from '../../../common/languages';
import type { DealListFilter } from '../../../common/schemas/guest-spots';
import { todayInBerlin, type PublicListQuery } from '../../../common/schemas/listing-fields';
import type { DealListFilterQuery } from './kind';
import { tags } from '../../lib/answer-cache/index';
import type { ResultCache } from '../../lib/result-cache';
import type { ReferenceService } from '../reference/index';
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
  /** The searcher's language: the text filter's words match their stems in it. */
  lang: Language;
  /** Owners featured right now: a few of each one's listings come first (counting ignores it). */
  featuredOwners: number[];
  /** The guest spot list's deal filters; null for a kind without them or none set. */
  deal: DealListFilter | null;
}

export interface PublicListRepo<Row> {
  featuredOwners(now: string): Promise<number[]>;
  listPublicPage(f: PublicFilter, limit: number, offset: number, lang: Language): Promise<Row[]>;
  countPublic(f: PublicFilter, upTo?: number): Promise<number>;
}

export interface PublicPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  /** Present (true) when `total` is a lower bound: the list holds more than was counted (TOTAL_AHEAD). */
  totalCapped?: true;
}

/**
 * A public list counts its entries no further than this many past the page's start: a count
 * costs about what walking to the page costs, and a long list shows "1,000+" (docs/decisions/031).
 */
export const TOTAL_AHEAD = 1000;

/** The total of a page counted up to `offset + TOTAL_AHEAD + 1`: exact below that, else a lower bound. */
export function cappedTotal(counted: number, offset: number): Pick<PublicPage<unknown>, 'total' | 'totalCapped'> {
  const cap = offset + TOTAL_AHEAD;
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted };
}

// Without a text filter the language is never read.
const unfiltered = (today: string): PublicFilter => ({ today, styleId: null, countryId: null, cityId: null, from: null, to: null, text: null, pattern: null, lang: 'de', featuredOwners: [], deal: null });

/** A card of a public list: whether its owner is featured now (their cards lead the list and carry the badge). */
export type Featurable<Item> = Item & { ownerFeatured: boolean };

/**
 * The public list of one listing kind (guest spots or availabilities): active entries that have
 * not ended, featured owners' entries first (at most FEATURED_PER_OWNER of each owner's, the
 * rest in the ordinary order), then soonest start first, filtered and paged, with
 * their cards' pictures; a fixed number of queries a page whatever its size, answered from the
 * result cache while fresh. The day is part of the key, so nothing ended is shown past midnight;
 * a purchase clears the list's tag, and a featured time running out shows within the cache's
 * lifetime.
 */
/** The deal filters of a list query, or null when none is set (every other kind's list). */
function dealFilter(query: Partial<DealListFilterQuery>): DealListFilter | null {
  const deal: DealListFilter = {
    dealType: query.dealType ?? null,
    minGuestShare: query.minGuestShare ?? null,
    maxRentCents: query.maxRentCents ?? null,
    housing: query.housing === true,
  };
  return deal.dealType || deal.minGuestShare !== null || deal.maxRentCents !== null || deal.housing ? deal : null;
}

/** A list's query: the shared filters, and the deal's on the guest spot list. */
export type ListQuery = PublicListQuery & Partial<DealListFilterQuery>;

export function createPublicList<Row, Item>(
  kind: string,
  deps: {
    cache: ResultCache;
    reference: ReferenceService;
    repo: PublicListRepo<Row>;
    present: (rows: Row[], lang: Language) => Promise<Item[]>;
    /** The user a card shows (its owner): their profile edits clear the page. */
    ownerOf: (item: Item) => number;
  },
) {
  const { cache, reference, repo, present, ownerOf } = deps;
  const listTags = [tags.listings(kind)];
  const ownerTags = (page: PublicPage<Featurable<Item>>) => [...new Set(page.items.map(ownerOf))].map((id) => tags.user(id));

  async function load(query: ListQuery, today: string, lang: Language): Promise<PublicPage<Featurable<Item>>> {
    // search_text holds a listed city's stored name: "München" and "Lissabon" search as "Munich" and "Lisbon".
    const [text, featuredOwners] = await Promise.all([query.q ? reference.searchSpelling(query.q) : null, repo.featuredOwners(new Date().toISOString())]);
    const filter: PublicFilter = {
      today,
      styleId: query.style ?? null,
      countryId: await reference.countryFilterId(query.country),
      cityId: query.city ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      text,
      pattern: text ? likePattern(text) : null,
      lang,
      featuredOwners,
      deal: dealFilter(query),
    };
    const offset = (query.page - 1) * query.limit;
    const [rows, counted] = await Promise.all([repo.listPublicPage(filter, query.limit, offset, lang), repo.countPublic(filter, offset + TOTAL_AHEAD + 1)]);
    const featured = new Set(featuredOwners);
    const items = (await present(rows, lang)).map((item) => ({ ...item, ownerFeatured: featured.has(ownerOf(item)) }));
    return { items, ...cappedTotal(counted, offset), page: query.page, pageSize: query.limit };
  }

  return {
    list(query: ListQuery, lang: Language): Promise<PublicPage<Featurable<Item>>> {
      const today = todayInBerlin();
      return cache.get(`${kind}:${today}:${lang}:${JSON.stringify(query)}`, listTags, () => load(query, today, lang), ownerTags);
    },

    /** How many entries the unfiltered list holds (for the list pages' paging links). */
    count(): Promise<number> {
      const today = todayInBerlin();
      return cache.get(`${kind}:${today}:count`, listTags, () => repo.countPublic(unfiltered(today)));
    },
  };
}
