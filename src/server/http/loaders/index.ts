import { FEATURED_DEFAULT_LIMIT } from '../../../common/constants';
import { FORUM_LATEST_MAX } from '../../../common/forum';
import { LANGUAGES, type Language } from '../../../common/languages';
import {
  artistListQuery as artistQueryString,
  galleryFiltersOf,
  LATEST_WORKS_LIMIT,
  listFiltersOf,
  listingBySlugPath,
  listingListQuery,
  pageQueryKeys as keys,
  queryString,
  studioListQuery as studioQueryString,
} from '../../../common/page-queries';
import { routeIds, type RouteId, type RouteMatch } from '../../../common/routes';
import { usernameKey } from '../../../common/username';
import { artistListQuery, studioListQuery } from '../../../common/schemas/artists';
import { categoryThreadsQuery } from '../../../common/schemas/forum';
import { galleryListQuery } from '../../../common/schemas/gallery';
import { reviewListQuery } from '../../../common/schemas/reviews';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchQuerySchema } from '../../../common/schemas/search';
import { parse } from '../../errors';
import type { SearchService } from '../../modules/search/index';
import type { Services } from '../../services';
import type { PageLoader, PageQuery, PageRegistry } from '../pages';

/** What the page loaders call: the services the API routes answer with. */
export type LoaderServices = Pick<
  Services,
  'site' | 'featured' | 'gallery' | 'reference' | 'profiles' | 'guestSpots' | 'availabilities' | 'reviews' | 'artists' | 'forum' | 'deals' | 'trust' | 'tour'
> & {
  search: SearchService;
};

type Listings = Services['guestSpots'] | Services['availabilities'];

/** An infinite query's first page, as `useInfiniteQuery` keeps it. */
const firstPage = (data: unknown, pageParam: unknown) => ({ pages: [data], pageParams: [pageParam] });

/** `{base}/page/{n}`: 1 without the segment, null for anything but a plain positive number (the page's 404). */
function pathPage(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/** A query string as the API's routes receive it (Fastify's parser: one string per name). */
const asQuery = (text: string): Record<string, string> => Object.fromEntries(new URLSearchParams(text));

/** The page a list address names: the path's `/page/{n}`, else `?page=`, else 1 (as the list reads it). */
function listPage(match: RouteMatch, search: URLSearchParams): number {
  const value = Number(match.params.page ?? search.get('page') ?? 1);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** A kind's collection: its API path's last part and the first part of its query keys. */
const kindKey = (listings: Listings) => listings.kind.apiPath.replace(/^\/api\//, '');

/**
 * The data of every server-rendered page, one loader per route (docs/decisions/032): from the
 * route's params, its kept query parameters and the language, each calls the services the API
 * routes answer a visitor with, and names the result by the key the page's hook asks under
 * (`pageQueryKeys`, shared with the web app). The data is what the hook's query function would
 * hold: the API's answer, or the part of it the hook keeps. Every page also shows the site's
 * operator (the footer).
 */
export function registerPageLoaders(registry: PageRegistry, services: LoaderServices): void {
  const { site, featured, gallery, reference, profiles, reviews, artists, forum, search, deals, trust, tour } = services;
  const add = (ids: readonly RouteId[], loader: PageLoader) => {
    for (const id of ids) {
      registry.loaders.set(id, async (match, ctx) => {
        const own = await loader(match, ctx);
        return own && [...own, { key: keys.site(), data: site.info() }];
      });
    }
  };
  const styles = async (lang: Language): Promise<PageQuery> => ({ key: keys.styles(lang), data: await reference.styles(lang) });

  add(['home'], async (_match, { lang }) => {
    const [featuredArtists, featuredStudios, latest] = await Promise.all([
      featured.artists(FEATURED_DEFAULT_LIMIT, lang),
      featured.studios(FEATURED_DEFAULT_LIMIT, lang),
      gallery.listPublic(parse(galleryListQuery, asQuery(queryString({ limit: LATEST_WORKS_LIMIT }))), null, lang),
    ]);
    return [
      { key: keys.featured('artists', FEATURED_DEFAULT_LIMIT), data: featuredArtists },
      { key: keys.featured('studios', FEATURED_DEFAULT_LIMIT), data: featuredStudios },
      { key: keys.latestWorks(lang, LATEST_WORKS_LIMIT), data: latest.images },
    ];
  });

  add(['profile'], async (match, { lang, search: query }) => {
    const username = match.params.username ?? '';
    const user = await profiles.requireProfile({ usernameKey: usernameKey(username) }, null, lang);
    const listings = user.userType === 'studio' ? services.guestSpots : services.availabilities;
    const collection = kindKey(listings);
    // The listings tab is the account type's: a studio's guest spots, an artist's availability.
    const tab = user.userType === 'studio' ? 'guestspots' : 'availability';
    const owner = { [`${listings.kind.owner}Id`]: user.id };
    const about = (query.get('tab') ?? 'about') === 'about';
    const [count, received, own, figures, stays] = await Promise.all([
      listings.countByOwner(null, user.id),
      reviews.listFor(user.id, parse(reviewListQuery, {}).cursor, null),
      query.get('tab') === tab ? listings.listByOwner(null, user.id, parse(listings.kind.schemas.ownerQuery, owner).limit, lang) : null,
      trust.figures(user.id),
      // The stays show under the About tab only.
      about ? deals.publicStays(user.id) : null,
    ]);
    return [
      { key: keys.profile(username, lang), data: user },
      { key: keys.ownerCount(collection, user.id), data: count },
      { key: keys.reviews(user.id), data: firstPage(received, null) },
      { key: keys.trustFigures(user.id), data: figures },
      ...(stays ? [{ key: keys.userStays(user.id), data: stays.stays }] : []),
      ...(own ? [{ key: keys.ownerListings(collection, lang, user.id), data: own }] : []),
    ];
  });

  add(['profileTour'], async (match, { lang }) => {
    const username = match.params.username ?? '';
    return [{ key: keys.tour(username, lang), data: await tour.tour(username, lang) }];
  });

  add(routeIds('gallery'), async (_match, { lang, search: query }) => {
    const filters = galleryFiltersOf(query);
    const [page, styleList] = await Promise.all([gallery.listPublic(parse(galleryListQuery, asQuery(queryString({ ...filters }))), null, lang), styles(lang)]);
    return [styleList, { key: keys.publicGallery(lang, filters), data: firstPage({ success: true, ...page }, '') }];
  });

  for (const listings of [services.guestSpots, services.availabilities] as Listings[]) {
    const { pages } = listings.kind;
    const collection = kindKey(listings);
    const list = pages.list;
    if (list) {
      add([...routeIds(list.first), list.numbered], async (match, { lang, search: query }) => {
        const filters = listFiltersOf(query, listings.kind.filtersByDeal);
        const page = listPage(match, query);
        const sent = listingListQuery(filters, page);
        const [answer, styleList] = await Promise.all([listings.listPublic(parse(listings.kind.schemas.listQuery, asQuery(sent)), lang, null), styles(lang)]);
        return [{ key: keys.listingList(collection, lang, sent), data: answer }, styleList];
      });
    }
    add([pages.detailBySlug], async (match, { lang }) => {
      const slug = match.params.slug ?? '';
      const item = await listings.findDetail(null, { slug }, lang);
      if (!item) return null;
      // The visitor's fields after the listing's own, as the API's answer writes them.
      const data = { ...item, ...(await listings.viewerFields(null, item.id)) };
      return [{ key: keys.listingDetail(collection, lang, listingBySlugPath(listings.kind.apiPath, slug)), data }];
    });
  }

  add(['tattooArtists', 'tattooArtistsPage'], async (match, { lang, search: query }) => {
    const filters = listFiltersOf(query);
    const page = listPage(match, query);
    const sent = artistQueryString(filters, page);
    const [answer, styleList] = await Promise.all([artists.list(parse(artistListQuery, asQuery(sent)), lang), styles(lang)]);
    return [{ key: keys.artistList(lang, sent), data: answer }, styleList];
  });

  add(['tattooStudios', 'tattooStudiosPage'], async (match, { lang, search: query }) => {
    const filters = listFiltersOf(query);
    const page = listPage(match, query);
    const sent = studioQueryString(filters, page);
    const [answer, styleList] = await Promise.all([artists.listStudios(parse(studioListQuery, asQuery(sent)), lang), styles(lang)]);
    return [{ key: keys.studioList(lang, sent), data: answer }, styleList];
  });

  add(['search'], async (_match, { lang, search: query }) => {
    const q = (query.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
    const type = query.get('type') ?? 'all';
    // Too short a query is not sent: the page shows its prompt.
    if (q.length < SEARCH_QUERY_MIN) return [];
    const answer = await search.search(parse(searchQuerySchema, asQuery(queryString({ q, type: type === 'all' ? undefined : type }))), lang);
    return [{ key: keys.search(lang, type, q), data: firstPage(answer, null) }];
  });

  add(['forum'], async (_match, { lang }) => {
    const [categories, latest] = await Promise.all([forum.categories(lang), forum.latest(FORUM_LATEST_MAX, lang)]);
    return [
      { key: keys.forumCategories(lang), data: categories.categories },
      { key: keys.forumLatest(lang, FORUM_LATEST_MAX), data: latest.threads },
    ];
  });

  add(['forumCategory', 'forumCategoryPage'], async (match, { lang, search: query }) => {
    const page = pathPage(match.params.page);
    if (page === null) return null;
    const raw = query.get('language');
    const language = raw && (LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : null;
    const slug = match.params.slug ?? '';
    const answer = await forum.categoryThreads(slug, parse(categoryThreadsQuery, asQuery(queryString({ page: page > 1 ? page : null, language }))), lang);
    return [{ key: keys.forumCategory(lang, slug, page, language), data: { success: true, ...answer } }];
  });

  add(['forumThread', 'forumThreadPage'], async (match, { lang }) => {
    const page = pathPage(match.params.page);
    const raw = match.params.id ?? '';
    if (page === null || !/^[1-9]\d{0,14}$/.test(raw)) return null;
    const id = Number(raw);
    const answer = await forum.thread(id, page, null, lang);
    return [{ key: keys.forumThread(lang, id, page), data: { success: true, ...answer } }];
  });

  add(['aboutus', 'impressum', 'privacy', 'datenschutz', 'terms', 'agb'], async () => []);
  // An appeal's form is one account's page: the browser renders it.
  add(['contact', 'kontakt'], async (_match, { search: query }) => (query.has('appeal') ? null : []));
}
