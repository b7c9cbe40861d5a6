import { LANGUAGES } from './languages';
import { DEAL_FILTER_KEYS, LIST_FILTER_KEYS } from './page-queries';
import type { RouteId } from './routes';
import type { SearchType } from './schemas/search';

/**
 * One query parameter a page reads: what it means when absent (`fallback`, '' unless given)
 * and, for a closed set, the values it knows (any other is read as the fallback).
 */
export interface PageParam {
  fallback?: string;
  values?: readonly string[];
}

const FILTERS: Readonly<Record<string, PageParam>> = Object.fromEntries(LIST_FILTER_KEYS.map((key) => [key, {}]));
/** A list's first page also reads `?page=` (the server leads n > 1 to `{list}/page/{n}`). */
const FIRST_LIST_PAGE: Readonly<Record<string, PageParam>> = { ...FILTERS, page: { fallback: '1' } };
/** The guest spot list also reads the deal's filters, so each filtered list is a page of its own. */
const SPOT_FILTERS: Readonly<Record<string, PageParam>> = { ...FILTERS, ...Object.fromEntries(DEAL_FILTER_KEYS.map((key) => [key, {}])) };
const FIRST_SPOT_PAGE: Readonly<Record<string, PageParam>> = { ...SPOT_FILTERS, page: { fallback: '1' } };
const GALLERY: Readonly<Record<string, PageParam>> = { style: {}, country: {}, city: {} };
const FORUM_LANGUAGE: Readonly<Record<string, PageParam>> = { language: { values: LANGUAGES } };
const NONE: Readonly<Record<string, PageParam>> = {};
// The search page's tabs, written out: the schema module would bring zod into every page that
// links to another language (a test checks they are SEARCH_TYPES).
export const SEARCH_TABS = ['profiles', 'guestspots', 'availabilities', 'threads'] as const satisfies readonly SearchType[];

/**
 * The query parameters each server-rendered page reads, in the order its canonical query keeps
 * them (docs/decisions/032). Anything else in an address (`utm_*`, `fbclid`, junk) changes
 * nothing on the page: it is not rendered, keeps no page of its own, and is left out of the
 * links to the page in other languages. Routes not named here keep their whole query.
 */
export const PAGE_PARAMS: Partial<Record<RouteId, Readonly<Record<string, PageParam>>>> = {
  home: NONE,
  // A visitor sees About for any tab they may not open (messages is the owner's).
  profile: { tab: { fallback: 'about', values: ['portfolio', 'guestspots', 'availability', 'reviews'] } },
  profileTour: NONE,
  gallery: GALLERY,
  galleryDe: GALLERY,
  galleryEs: GALLERY,
  galleryFr: GALLERY,
  galleryPt: GALLERY,
  guestSpots: FIRST_SPOT_PAGE,
  gastplatze: FIRST_SPOT_PAGE,
  guestSpotsPage: SPOT_FILTERS,
  guestSpot: NONE,
  availabilityList: FIRST_LIST_PAGE,
  availabilityListPage: FILTERS,
  tattooArtist: NONE,
  tattooArtists: FIRST_LIST_PAGE,
  tattooArtistsPage: FILTERS,
  tattooStudios: FIRST_LIST_PAGE,
  tattooStudiosPage: FILTERS,
  search: { q: {}, type: { fallback: 'all', values: SEARCH_TABS } },
  forum: FORUM_LANGUAGE,
  forumCategory: FORUM_LANGUAGE,
  forumCategoryPage: FORUM_LANGUAGE,
  forumThread: NONE,
  forumThreadPage: NONE,
  aboutus: NONE,
  impressum: NONE,
  privacy: NONE,
  datenschutz: NONE,
  terms: NONE,
  agb: NONE,
  // `?appeal=` makes the form a suspension's appeal: a page for one account, never rendered for all.
  contact: { appeal: {} },
  kontakt: { appeal: {} },
};

/**
 * The query a route's page is the same for: only the parameters it reads, in the table's order,
 * the first value of each, without those that mean the fallback. '' for none; a route the
 * table does not name keeps its query as it came.
 */
export function canonicalQuery(id: RouteId, search: URLSearchParams): string {
  const params = PAGE_PARAMS[id];
  if (!params) {
    const whole = search.toString();
    return whole ? `?${whole}` : '';
  }
  const kept = new URLSearchParams();
  for (const [name, param] of Object.entries(params)) {
    const value = search.get(name);
    if (value === null) continue;
    if (param.values && !param.values.includes(value)) continue;
    if (value === (param.fallback ?? '')) continue;
    kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
