import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../common/constants';
import type { Language } from '../../common/languages';
import type { RouteId, RouteMatch } from '../../common/routes';
import { AppError } from '../errors';
import { tags, userTagsIn } from '../lib/answer-cache/index';

/**
 * The public pages rendered on the server (docs/decisions/018): what a visitor and a crawler land on.
 * Pages behind login, forms and development pages stay the empty shell the browser renders.
 */
export const SERVER_RENDERED: ReadonlySet<RouteId> = new Set<RouteId>([
  'home',
  'profile',
  // An artist's tour: where she guests next, a page shared as a link.
  'profileTour',
  'gallery',
  'galleryDe',
  'galleryEs',
  'galleryFr',
  'galleryPt',
  'guestSpots',
  'guestSpotsPage',
  'guestSpot',
  'availabilityList',
  'availabilityListPage',
  'tattooArtist',
  'tattooArtists',
  'tattooArtistsPage',
  'tattooStudios',
  'tattooStudiosPage',
  // Site search: what its query finds, rendered like the lists (noindex).
  'search',
  // The forum: readable without script; /forum/new is behind login and stays the shell.
  'forum',
  'forumCategory',
  'forumCategoryPage',
  'forumThread',
  'forumThreadPage',
  // The German list path, a legacy path's target.
  'gastplatze',
  // The legal and contact pages, under their English and German paths.
  'aboutus',
  'impressum',
  'privacy',
  'datenschutz',
  'terms',
  'agb',
  'contact',
  'kontakt',
]);

/** One query of a page's data: the key the page's hook asks under, and what that hook keeps. */
export interface PageQuery {
  key: readonly unknown[];
  data: unknown;
}

/**
 * Loads a server-rendered page's data before it is rendered, from its route's params, its
 * canonical query (only the parameters the route reads) and the language (docs/decisions/032).
 * Null leaves the page to the browser.
 */
export type PageLoader = (match: RouteMatch, ctx: { lang: Language; search: URLSearchParams }) => Promise<PageQuery[] | null>;

/** The page as the renderer hands it over: the app root's markup and the state to hydrate from. */
interface RenderedPage {
  html: string;
  head: string;
  state: unknown;
}

/** The server bundle of the web app (src/web/entry-server.tsx, built to dist/ssr by vite.ssr.config.ts). */
interface ServerEntry {
  SERVER_STATE_ID: string;
  render(url: string, lang: Language, routeId: RouteId, queries: readonly PageQuery[]): Promise<RenderedPage | null>;
}

/** The empty app root of the page template, which a rendered page replaces. */
export const EMPTY_ROOT = '<div id="root"></div>';

export interface PageRenderer {
  /** Whether this request gets a rendered page: a visitor's GET of a public page. */
  renders(request: FastifyRequest, match: RouteMatch): boolean;
  /**
   * The app root with the page rendered into it and the state after it, the tags for the head
   * (the first images' preloads), and the cache tags of what it shows; null for the empty shell.
   * `search` is the page's canonical query: only the parameters its route reads.
   */
  render(request: FastifyRequest, match: RouteMatch, lang: Language, search: string): Promise<{ root: string; head: string; tags: string[] } | null>;
}

// JSON inside a <script> block must not be able to close the block.
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const LIST_TAGS: Partial<Record<RouteId, string[]>> = {
  // The strip of latest works shows the gallery's newest images.
  home: [tags.featured, tags.gallery],
  gallery: [tags.gallery],
  galleryDe: [tags.gallery],
  galleryEs: [tags.gallery],
  galleryFr: [tags.gallery],
  galleryPt: [tags.gallery],
  guestSpots: [tags.listings('guest-spots')],
  guestSpotsPage: [tags.listings('guest-spots')],
  gastplatze: [tags.listings('guest-spots')],
  guestSpot: [tags.listings('guest-spots')],
  availabilityList: [tags.listings('availabilities')],
  availabilityListPage: [tags.listings('availabilities')],
  tattooArtist: [tags.listings('availabilities')],
  // A tour lists the artist's availabilities beside her stays.
  profileTour: [tags.listings('availabilities')],
  tattooArtists: [tags.artists],
  tattooArtistsPage: [tags.artists],
  // The studio directory: as the artists', and its "open guest spots" filter.
  tattooStudios: [tags.artists, tags.listings('guest-spots')],
  tattooStudiosPage: [tags.artists, tags.listings('guest-spots')],
  // A profile edit clears the artist lists' tag, a listing's write its kind's lists, a forum write the forum's.
  search: [tags.artists, tags.listings('guest-spots'), tags.listings('availabilities'), tags.forum],
  forum: [tags.forum],
  forumCategory: [tags.forum],
  forumCategoryPage: [tags.forum],
  forumThread: [tags.forum],
  forumThreadPage: [tags.forum],
};

/** The tags a page is filed under before it is made: the lists it shows (a listing's edit clears its kind's lists). */
export function routeTags(match: RouteMatch): string[] {
  return LIST_TAGS[match.id] ?? [];
}

/**
 * The users a rendered page shows (every user-shaped object in its data: a profile, the cards of
 * a list, a listing's poster), so an edit of one clears the pages showing them, as it clears
 * their API answers.
 */
function shownUsers(page: RenderedPage | null): string[] {
  return userTagsIn(page?.state);
}

/** Where the server bundle lies for a web build in `webDist` (dist/web beside dist/ssr). */
export function serverEntryPath(webDist: string): string {
  return path.join(path.dirname(webDist), 'ssr', 'entry-server.js');
}

/**
 * Renders public pages with the server bundle, when there is one (a build; the API tests run
 * without). The route's loader (src/server/http/loaders) loads the page's data from the services
 * the API answers with, and the page is rendered once from it (docs/decisions/032). The caller
 * keeps the whole page as bytes under the tags of what it shows (docs/decisions/018).
 */
export function createPageRenderer(loaders: ReadonlyMap<RouteId, PageLoader>, webDist: string | undefined): PageRenderer | null {
  const file = webDist ? serverEntryPath(webDist) : null;
  if (!file || !existsSync(file)) return null;
  let entry: Promise<ServerEntry> | undefined;
  const load = () => (entry ??= import(pathToFileURL(file).href) as Promise<ServerEntry>);

  return {
    renders(request, match) {
      // A logged-in viewer sees per-viewer parts (edit buttons, Apply): their page stays the shell.
      return request.method === 'GET' && SERVER_RENDERED.has(match.id) && loaders.has(match.id) && !request.cookies[SESSION_COOKIE];
    },
    async render(request, match, lang, search) {
      const loader = loaders.get(match.id);
      if (!loader) return null;
      // The page is rendered for its canonical address: a parameter it does not read never reaches it.
      const url = new URL(request.url, 'http://page.invalid');
      url.search = search;
      let server: ServerEntry;
      let page: RenderedPage | null;
      try {
        const [bundle, queries] = await Promise.all([load(), loader(match, { lang, search: new URLSearchParams(search) })]);
        if (!queries) return null;
        server = bundle;
        // As the browser will hold them: what JSON does not carry (a Date, an undefined field)
        // must not make the server's markup differ from the hydrated page's.
        page = await server.render(url.href, lang, match.id, JSON.parse(JSON.stringify(queries)) as PageQuery[]);
      } catch (error) {
        // A thing gone between the head and the data (a 404, a refused filter) leaves the page to the
        // browser as its answer would; anything else is logged. A failed render costs speed, never the page.
        if (!(error instanceof AppError && error.status < 500)) request.log.error({ err: error }, 'server render failed');
        return null;
      }
      if (!page) return null;
      return {
        root: `<div id="root">${page.html}</div><script type="application/json" id="${server.SERVER_STATE_ID}">${scriptJson(page.state)}</script>`,
        head: page.head,
        tags: shownUsers(page),
      };
    },
  };
}
