import { LANGUAGES, splitLanguage, withLanguage, type Language } from './languages';
import { isProfileSegment, profilePath } from './username';

/** Who may open a screen; the server answers every page, the app gates on the client. */
export type Access = 'public' | 'user' | 'admin';

export interface RouteDef {
  /** Pattern on the unprefixed path; `:name` matches one segment. */
  path: string;
  access: Access;
  /** Only served when the server runs in development mode: demo and test pages are not part of the product. */
  devOnly?: boolean;
}

/**
 * Another path of the same screen. It is a route of its own: its id names its seo texts and its
 * head, and it answers under every language prefix like any route.
 */
export interface Spelling {
  path: string;
  /**
   * The language whose spelling this is: that language's pages link to it and name it
   * canonical. Without one it is a second name with its own canonical (the German legal pages)
   * or whose head names the canonical entry's path (the German list path).
   */
  lang?: Language;
  /** Old paths that lead to this spelling. */
  legacy?: readonly string[];
}

/** A route as the table writes it: its path, its other spellings and the old paths leading to it. */
export interface RouteEntry extends RouteDef {
  /** Other paths of the screen, by route id; each becomes a row of `ROUTES` right after this one. */
  spellings?: Readonly<Record<string, Spelling>>;
  /** Old paths that always lead here (a 301 on the server, a redirect in the app), without language prefix. */
  legacy?: readonly string[];
}

/** A row of `ROUTES`: a table entry, or a spelling with the id of the entry it spells (`of`). */
export interface Route extends RouteEntry {
  of?: RouteId;
  lang?: Language;
}

/**
 * The route table, kept once: the server answers 200 for these paths (404 otherwise) and
 * writes their head; the app maps each id to a lazily loaded screen. Order matters: the
 * profile catch-all comes last.
 */
const TABLE = {
  home: { path: '/', access: 'public' },
  login: { path: '/login', access: 'public' },
  register: { path: '/register', access: 'public' },
  forgotPassword: { path: '/forgot-password', access: 'public' },
  resetPassword: { path: '/reset-password', access: 'public' },
  dashboard: { path: '/dashboard', access: 'user' },
  aboutus: { path: '/aboutus', access: 'public' },
  impressum: { path: '/impressum', access: 'public' },
  // The German legal paths are pages of their own (own titles, own canonical).
  privacy: { path: '/privacy', access: 'public', spellings: { datenschutz: { path: '/datenschutz' } }, legacy: ['/privacy-policy'] },
  terms: { path: '/terms', access: 'public', spellings: { agb: { path: '/agb' } } },
  contact: { path: '/contact', access: 'public', spellings: { kontakt: { path: '/kontakt' } } },
  ownProfile: { path: '/profile', access: 'user' },
  ownProfileDashboard: { path: '/profile/dashboard', access: 'user' },
  ownProfileMe: { path: '/profile/me', access: 'user' },
  // Guest spots and availability: fixed words before the :slug and :id patterns.
  guestSpots: {
    path: '/guestspots',
    access: 'public',
    // The German list path shows the list too; its head names /guestspots canonical.
    spellings: { gastplatze: { path: '/gastplatze', legacy: ['/gastplätze'] } },
  },
  guestSpotsPage: { path: '/guestspots/page/:page', access: 'public' },
  guestSpotsManage: { path: '/guestspots/manage', access: 'user' },
  guestSpotNew: { path: '/guestspot/new', access: 'user', legacy: ['/guestspots/new', '/gastplatze/neu', '/gastplätze/neu'] },
  guestSpot: { path: '/guestspot/:slug', access: 'public' },
  guestSpotEdit: { path: '/guestspot/:slug/edit', access: 'user' },
  guestArtistNew: { path: '/guestartist/new', access: 'user', legacy: ['/verfugbarkeit/neu', '/verfügbarkeit/neu'] },
  guestArtistEdit: { path: '/guestartist/:id/edit', access: 'user' },
  guestArtistManage: { path: '/guestartist/manage', access: 'user' },
  availabilityList: { path: '/artist-availability', access: 'public' },
  availabilityListPage: { path: '/artist-availability/page/:page', access: 'public' },
  availabilityNew: { path: '/artist-availability/new', access: 'user' },
  availabilityManage: { path: '/artist-availability/manage', access: 'user' },
  availabilityDetail: { path: '/artist-availability/:id', access: 'public' },
  tattooArtists: { path: '/tattooartists', access: 'public', legacy: ['/artists', '/kunstler', '/künstler'] },
  tattooArtistsPage: { path: '/tattooartists/page/:page', access: 'public' },
  tattooArtist: { path: '/tattooartist/:slug', access: 'public' },
  // The studio directory, built like the artists' (tattoostudio/:slug is no route: a studio's page is its profile).
  tattooStudios: { path: '/tattoostudios', access: 'public' },
  tattooStudiosPage: { path: '/tattoostudios/page/:page', access: 'public' },
  // The public tattoo gallery under its five localized paths, before the profile catch-all.
  gallery: {
    path: '/tattoo-gallery',
    access: 'public',
    spellings: {
      galleryDe: { path: '/tattoo-galerie', lang: 'de' },
      galleryEs: { path: '/galeria-de-tatuajes', lang: 'es' },
      galleryFr: { path: '/galerie-de-tatouages', lang: 'fr' },
      galleryPt: { path: '/galeria-de-tatuagens', lang: 'pt' },
    },
  },
  // Messaging: the overview and one conversation, by the contact's id (digits) or username;
  // /chat/... is another name that leads to /messages/....
  messages: { path: '/messages', access: 'user' },
  messagesContact: { path: '/messages/:contact', access: 'user' },
  chat: { path: '/chat/:contact', access: 'user' },
  // The link of a notification mail: works without login, the token names the account.
  unsubscribe: { path: '/unsubscribe/:token', access: 'public' },
  messagingTest: { path: '/messaging-test', access: 'public', devOnly: true },
  // The location search's demo pages (development only, like the messaging test).
  locationSearchDemo: { path: '/location-search-demo', access: 'public', devOnly: true },
  locationSearchSimplifiedDemo: { path: '/location-search-simplified-demo', access: 'public', devOnly: true },
  locationSearchNewDemo: { path: '/location-search-new-demo', access: 'public', devOnly: true },
  cityDemo: { path: '/city-demo', access: 'public', devOnly: true },
  geoLookupDemo: { path: '/geo-lookup-demo', access: 'public', devOnly: true },
  // Payments: the test provider's approval page (only while the test provider is on) and the
  // printable receipt of one order.
  checkoutTest: { path: '/checkout/test/:orderId', access: 'user' },
  paymentReceipt: { path: '/dashboard/payments/:id/receipt', access: 'user' },
  // Applications, invitations and stays of guest spot deals, both sides of each.
  dealRequests: { path: '/dashboard/requests', access: 'user' },
  // A stay's written agreement, for its two parties (and admins): the page, its PDF is /api/stays/{id}/agreement.pdf.
  stayAgreement: { path: '/stays/:id/agreement', access: 'user' },
  // City alerts without an account: the mails' links (the token names the address or the alert).
  cityAlertsManage: { path: '/alerts/:token', access: 'public' },
  cityAlertConfirm: { path: '/alerts/confirm/:token', access: 'public' },
  // An artist's confirmed stays and open availabilities by date (its feed is /{username}/tour.ics).
  profileTour: { path: '/:username/tour', access: 'public' },
  // Planned social posts: the owner's pages under their profile path (others: not found).
  userPosts: { path: '/:username/posts', access: 'user' },
  userPostUpsell: { path: '/:username/posts/upsell/:id', access: 'user' },
  userPostNew: { path: '/:username/instapost', access: 'user' },
  userPostEdit: { path: '/:username/instapost/:id', access: 'user' },
  // The admin area: one screen loaded on its own, which picks the section from the path
  // (/admin/users, /admin/users/12); 'admin' is a reserved username, so no profile is shadowed.
  admin: { path: '/admin', access: 'admin' },
  adminNotAuthorized: { path: '/admin/not-authorized', access: 'admin' },
  adminSection: { path: '/admin/:section', access: 'admin' },
  adminSectionItem: { path: '/admin/:section/:id', access: 'admin' },
  // Site search: noindex, its results change with every edit.
  search: { path: '/search', access: 'public' },
  // The globe map (decision 12); 'map' is a reserved username.
  map: { path: '/map', access: 'public' },
  // The forum: fixed words (new, c, t) before the slug and id patterns; paged as `{base}/page/{n}`.
  forum: { path: '/forum', access: 'public' },
  forumNew: { path: '/forum/new', access: 'user' },
  forumCategory: { path: '/forum/c/:slug', access: 'public' },
  forumCategoryPage: { path: '/forum/c/:slug/page/:page', access: 'public' },
  forumThread: { path: '/forum/t/:id/:slug', access: 'public' },
  forumThreadPage: { path: '/forum/t/:id/:slug/page/:page', access: 'public' },
  profile: { path: '/:username', access: 'public' },
} as const satisfies Record<string, RouteEntry>;

type Table = typeof TABLE;
type SpellingIds<E> = E extends { spellings: infer S } ? keyof S & string : never;

/** The id of a route: a table entry or one of its spellings. */
export type RouteId = { [K in keyof Table]: K | SpellingIds<Table[K]> }[keyof Table];

function expand(table: Record<string, RouteEntry>): Record<RouteId, Route> {
  const rows: Record<string, Route> = {};
  for (const [id, entry] of Object.entries(table)) {
    rows[id] = entry;
    for (const [spellingId, spelling] of Object.entries(entry.spellings ?? {})) {
      rows[spellingId] = { ...spelling, access: entry.access, ...(entry.devOnly ? { devOnly: true } : {}), of: id as RouteId };
    }
  }
  return rows as Record<RouteId, Route>;
}

/** Every route, each spelling a row of its own right after its entry. */
export const ROUTES: Readonly<Record<RouteId, Route>> = expand(TABLE);

export interface RouteMatch {
  id: RouteId;
  params: Record<string, string>;
  lang: Language;
  /** The path without its language prefix. */
  path: string;
}

/** Each route's pattern cut into its segments once: matching runs for every localized link a page renders. */
const PATTERNS: readonly { id: RouteId; def: Route; segments: readonly string[] }[] = (Object.entries(ROUTES) as [RouteId, Route][]).map(([id, def]) => ({
  id,
  def,
  segments: def.path.split('/').filter(Boolean),
}));

function matchSegments(want: readonly string[], have: readonly string[]): Record<string, string> | null {
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

/** Finds the screen for a full path (with or without language prefix). */
export function matchRoute(pathname: string, opts: { dev?: boolean } = {}): RouteMatch | null {
  const { lang, path } = splitLanguage(pathname);
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const have = clean.split('/').filter(Boolean);
  for (const { id, def, segments } of PATTERNS) {
    if (def.devOnly && !opts.dev) continue;
    const params = matchSegments(segments, have);
    if (!params) continue;
    if ('username' in params && !isProfileSegment(params.username as string)) continue;
    return { id, params, lang, path: clean };
  }
  return null;
}

/** Fills a route's pattern with params ("/guestspot/:slug", {slug} -> "/guestspot/x"), each encoded. */
export function buildPath(id: RouteId, params: Record<string, string | number> = {}): string {
  return ROUTES[id].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** The route a language's pages name: the entry's spelling in that language where it has one. */
function spelledFor(id: RouteId, lang: Language): RouteId {
  const spellings: Readonly<Record<string, Spelling>> = ROUTES[id].spellings ?? {};
  const own = Object.entries(spellings).find(([, spelling]) => spelling.lang === lang);
  return own ? (own[0] as RouteId) : id;
}

/**
 * The path of a route in a language, with its prefix (English unprefixed): the language's own
 * spelling of an entry that has one ("gallery", de -> "/de/tattoo-galerie").
 */
export function pathTo(id: RouteId, params: Record<string, string | number> = {}, lang: Language = 'en'): string {
  return withLanguage(buildPath(spelledFor(id, lang), params), lang);
}

/** A route's path in every language (the alternates of a page head). */
export function pathsByLanguage(id: RouteId, params: Record<string, string | number> = {}): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, pathTo(id, params, lang)])) as Record<Language, string>;
}

/**
 * The same page in another language (the language switcher, a link written for one language):
 * a route spelled per language ("/es/tattoo-galerie", fr -> "/fr/galerie-de-tatouages") takes
 * the target language's own spelling; any other path keeps its rest and swaps the prefix.
 */
export function translatePath(pathname: string, lang: Language): string {
  const key = `${lang} ${pathname}`;
  let translated = recentTranslations.get(key);
  if (translated === undefined) {
    translated = translateUncached(pathname, lang);
    // Bounded by emptying: a page's links repeat (header, footer, cards), the set of them does not grow.
    if (recentTranslations.size >= TRANSLATED_KEPT) recentTranslations.clear();
    recentTranslations.set(key, translated);
  }
  return translated;
}

/** Paths translated lately, by language and path: every rendered link asks, most ask the same. */
const recentTranslations = new Map<string, string>();
const TRANSLATED_KEPT = 2000;

function translateUncached(pathname: string, lang: Language): string {
  const match = matchRoute(pathname, { dev: true });
  if (match) {
    const route = ROUTES[match.id];
    const entry = route.of ?? match.id;
    const spellings: Readonly<Record<string, Spelling>> = ROUTES[entry].spellings ?? {};
    const perLanguage = route.lang !== undefined || Object.values(spellings).some((spelling) => spelling.lang !== undefined);
    if (perLanguage) return pathTo(entry, match.params, lang);
  }
  return withLanguage(splitLanguage(pathname).path, lang);
}

/** A route and its spellings: the ids that show one screen ("gallery", "galleryDe", ...). */
export function routeIds(id: RouteId): RouteId[] {
  return [id, ...(Object.keys(ROUTES[id].spellings ?? {}) as RouteId[])];
}

/** A profile's page: the username in its path form (spaces as hyphens), encoded. */
export function profilePathTo(username: string, lang: Language = 'en'): string {
  return pathTo('profile', { username: profilePath(username) }, lang);
}

/**
 * The old paths that always lead to one route, by path: each entry's and each spelling's
 * `legacy` paths to the route's own path.
 */
export const LEGACY_PATHS: ReadonlyMap<string, string> = new Map(
  Object.values(ROUTES).flatMap((route) => (route.legacy ?? []).map((old) => [old.normalize('NFC'), route.path] as const)),
);
