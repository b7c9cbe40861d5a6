import type { SavedSearchFilters } from '../../../common/schemas/saved-searches';
import { foldForSearch } from '../reference/index';

/**
 * The matchers: whether a newly shown item passes a saved search's filters, mirroring the
 * conditions of its public list (listings/repo.ts publicWhere, artists/repo.ts) in code, so a
 * hit is what the list would show under those filters. The country was checked by the
 * candidates' query (country_key); it is checked again here so a matcher stands on its own.
 */

export interface ListingItem {
  countryId: number | null;
  cityId: number | null;
  styleIds: number[];
  startDate: string;
  endDate: string;
  /** The listing's search_text: title, description and place, folded (lowercase, no accents). */
  searchText: string;
  /** A guest spot's deal columns; null on availabilities. */
  deal: { dealType: string | null; guestShare: number | null; rentDayCents: number | null; housing: boolean } | null;
}

export interface ArtistItem {
  countryId: number | null;
  cityId: number | null;
  styleIds: number[];
  /** Has an active availability in the "available now" window. */
  available: boolean;
}

/** A search as the matchers read it: its filters and the country id they were resolved to (0: any, -1: unknown). */
export interface MatchableSearch {
  filters: SavedSearchFilters;
  countryKey: number;
}

const placeMatches = (search: MatchableSearch, item: { countryId: number | null; cityId: number | null }) =>
  (search.countryKey === 0 || search.countryKey === item.countryId) && (search.filters.city === undefined || search.filters.city === item.cityId);

const styleMatches = (filters: SavedSearchFilters, styleIds: number[]) => filters.style === undefined || styleIds.includes(filters.style);

const WORD = /[\p{L}\p{N}]+/gu;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text filter: every word of `q` (any case, accents optional) starts a word of the item's
 * search text. The list runs stemmed full-text search instead; see docs/decisions/051.
 */
export function textMatches(q: string | undefined, searchText: string): boolean {
  if (!q) return true;
  const words = foldForSearch(q).match(WORD) ?? [];
  return words.every((word) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u').test(searchText));
}

/** A guest spot or availability against a search of its kind; the deal filters read a guest spot's columns. */
export function matchesListing(search: MatchableSearch, item: ListingItem): boolean {
  const f = search.filters;
  if (!placeMatches(search, item) || !styleMatches(f, item.styleIds)) return false;
  if (f.from !== undefined && item.endDate < f.from) return false;
  if (f.to !== undefined && item.startDate > f.to) return false;
  if (!textMatches(f.q, item.searchText)) return false;
  const hasDealFilter = f.dealType !== undefined || f.minGuestShare !== undefined || f.maxRentCents !== undefined || f.housing !== undefined;
  if (!hasDealFilter) return true;
  const deal = item.deal;
  if (!deal) return false;
  if (f.dealType !== undefined && deal.dealType !== f.dealType) return false;
  if (f.minGuestShare !== undefined && (deal.dealType !== 'commission' || deal.guestShare === null || deal.guestShare < f.minGuestShare)) return false;
  if (f.maxRentCents !== undefined && (deal.dealType !== 'chair_rental' || deal.rentDayCents === null || deal.rentDayCents > f.maxRentCents)) return false;
  if (f.housing && !deal.housing) return false;
  return true;
}

/** An artist against a directory search. */
export function matchesArtist(search: MatchableSearch, item: ArtistItem): boolean {
  const f = search.filters;
  return placeMatches(search, item) && styleMatches(f, item.styleIds) && (!f.available || item.available);
}
