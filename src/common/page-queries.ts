import type { Language } from './languages';
import { usernameKey } from './username';

/**
 * The query keys of the data the server-rendered pages show, in one place: the web app's hooks
 * ask under them and the server's page loaders fill them (docs/decisions/032), so a key changed
 * on one side changes on the other.
 */

/** How many of the newest gallery images the start page shows: two rows of three on a phone, one row of six wider. */
export const LATEST_WORKS_LIMIT = 6;

/** `?a=1&b=x` of the values that are set (not null, undefined, empty or false), in the order given; '' for none. */
export function queryString(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters a public list keeps in its address (?style=&country=&city=&from=&to=&q=&available=). */
export const LIST_FILTER_KEYS = ['style', 'country', 'city', 'from', 'to', 'q', 'available'] as const;
/** The deal filters only the guest spot list keeps in its address (?dealType=&minGuestShare=&maxRentCents=&housing=). */
export const DEAL_FILTER_KEYS = ['dealType', 'minGuestShare', 'maxRentCents', 'housing'] as const;
export type DealFilterKey = (typeof DEAL_FILTER_KEYS)[number];
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number] | DealFilterKey;
/** A list's filters; the deal's are set on the guest spot list only. */
export type ListFilters = Record<(typeof LIST_FILTER_KEYS)[number], string> & Partial<Record<DealFilterKey, string>>;

/** A list's filters as its page reads them from the address: trimmed, '' when absent; the deal's only with `deals` (the guest spot list). */
export function listFiltersOf(search: URLSearchParams, deals = false): ListFilters {
  const out = {} as ListFilters;
  for (const key of deals ? [...LIST_FILTER_KEYS, ...DEAL_FILTER_KEYS] : LIST_FILTER_KEYS) out[key] = search.get(key)?.trim() ?? '';
  return out;
}

/** The query of a listing kind's public list (`{api}?style=&country=&city=&from=&to=&q=&dealType=&minGuestShare=&maxRentCents=&housing=&page=`). */
export const listingListQuery = (filters: ListFilters, page: number) =>
  queryString({
    style: filters.style, country: filters.country, city: filters.city, from: filters.from, to: filters.to, q: filters.q,
    dealType: filters.dealType, minGuestShare: filters.minGuestShare, maxRentCents: filters.maxRentCents, housing: filters.housing === 'true',
    page,
  });

/** The filters of the artist and studio lists. */
export type DirectoryFilters = Pick<ListFilters, 'style' | 'country' | 'city' | 'available'>;

/** The query of the artist list; `available` is "free to guest" there. */
export const artistListQuery = (filters: DirectoryFilters, page: number) =>
  queryString({ style: filters.style, country: filters.country, city: filters.city, available: filters.available === 'true', page });

/** The query of the studio list; its address keeps "has open guest spots" as `available`, as the artists' does. */
export const studioListQuery = (filters: DirectoryFilters, page: number) =>
  queryString({ style: filters.style, country: filters.country, city: filters.city, openGuestSpots: filters.available === 'true', page });

/** The gallery's filters as its page reads them from the address (untrimmed, '' when absent). */
export interface GalleryFilters {
  style: string;
  country: string;
  city: string;
}

export const galleryFiltersOf = (search: URLSearchParams): GalleryFilters => ({
  style: search.get('style') ?? '',
  country: search.get('country') ?? '',
  city: search.get('city') ?? '',
});

/** The address of one listing by its slug under a kind's API path. */
export const listingBySlugPath = (apiPath: string, slug: string) => `${apiPath}/by-slug/${encodeURIComponent(slug)}`;

/** Every key a server-rendered page's data is kept under, by what it holds. */
export const pageQueryKeys = {
  /** GET /api/site: the operator's details (footer, legal pages). */
  site: () => ['site'] as const,
  /** GET /api/featured/{which}?limit=: the answer's list. */
  featured: (which: 'artists' | 'studios', limit: number) => ['featured', which, limit] as const,
  /** GET /api/gallery?limit=: the newest images of the start page (the answer's `images`). */
  latestWorks: (lang: Language, limit: number) => ['gallery', 'public', 'latest', lang, limit] as const,
  /** GET /api/gallery?style=&country=&city=: the gallery's pages (an infinite query by cursor). */
  publicGallery: (lang: Language, filters: GalleryFilters) => ['gallery', 'public', lang, filters] as const,
  /** GET /api/styles?lang=. */
  styles: (lang: Language) => ['styles', lang] as const,
  /** GET /api/profile/{username}: the answer's `user`. */
  profile: (username: string, lang: Language) => ['profile', usernameKey(username), lang] as const,
  /** GET {api}?{owner}Id=&count=true: the answer's `count`. */
  ownerCount: (kindKey: string, ownerId: number | undefined) => [kindKey, 'count', ownerId] as const,
  /** GET {api}?{owner}Id=: an owner's listings (a profile's tab). */
  ownerListings: (kindKey: string, lang: Language, ownerId: number | undefined) => [kindKey, 'owner', lang, ownerId] as const,
  /** GET /api/reviews/user/{id}: the reviews' pages (an infinite query by cursor). */
  reviews: (userId: number) => ['reviews', 'user', userId] as const,
  /** GET /api/users/{id}/trust: a profile's trust figures (the same in every language). */
  trustFigures: (userId: number) => ['trust', 'figures', userId] as const,
  /** GET /api/users/{id}/stays: the answer's `stays` (a profile's public stays, the same in every language). */
  userStays: (userId: number) => ['deals', 'userStays', userId] as const,
  /** GET /api/tours/{username}: an artist's tour, its places named in the page's language. */
  tour: (username: string, lang: Language) => ['tour', usernameKey(username), lang] as const,
  /** GET {api}{query}: a kind's public list. */
  listingList: (kindKey: string, lang: Language, query: string) => [kindKey, 'list', lang, query] as const,
  /** GET {url}: one listing, by slug or id. */
  listingDetail: (kindKey: string, lang: Language, url: string) => [kindKey, 'detail', lang, url] as const,
  /** GET /api/artists{query}. */
  artistList: (lang: Language, query: string) => ['artists', 'list', lang, query] as const,
  /** GET /api/studios{query}. */
  studioList: (lang: Language, query: string) => ['studios', 'list', lang, query] as const,
  /** GET /api/search?q=&type=: the results' pages (an infinite query by cursor). */
  search: (lang: Language, tab: string, q: string) => ['search', 'page', lang, tab, q.trim()] as const,
  forumCategories: (lang: Language) => ['forum', 'categories', lang] as const,
  forumCategory: (lang: Language, slug: string, page: number, language: Language | null) => ['forum', 'category', lang, slug, page, language] as const,
  forumLatest: (lang: Language, limit: number) => ['forum', 'latest', lang, limit] as const,
  forumThread: (lang: Language, id: number, page: number) => ['forum', 'thread', lang, id, page] as const,
};
