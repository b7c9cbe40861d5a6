import { splitLanguage, type Language } from './languages';
import { isProfileSegment } from './username';

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
 * The route table, kept once: the server answers 200 for these paths (404 otherwise) and
 * writes their head; the app maps each id to a lazily loaded screen. Order matters: the
 * profile catch-all comes last.
 */
export const ROUTES = {
  home: { path: '/', access: 'public' },
  login: { path: '/login', access: 'public' },
  register: { path: '/register', access: 'public' },
  forgotPassword: { path: '/forgot-password', access: 'public' },
  resetPassword: { path: '/reset-password', access: 'public' },
  dashboard: { path: '/dashboard', access: 'user' },
  aboutus: { path: '/aboutus', access: 'public' },
  impressum: { path: '/impressum', access: 'public' },
  privacy: { path: '/privacy', access: 'public' },
  datenschutz: { path: '/datenschutz', access: 'public' },
  terms: { path: '/terms', access: 'public' },
  agb: { path: '/agb', access: 'public' },
  contact: { path: '/contact', access: 'public' },
  kontakt: { path: '/kontakt', access: 'public' },
  ownProfile: { path: '/profile', access: 'user' },
  ownProfileDashboard: { path: '/profile/dashboard', access: 'user' },
  ownProfileMe: { path: '/profile/me', access: 'user' },
  // Guest spots and availability: fixed words before the :slug and :id patterns.
  guestSpots: { path: '/guestspots', access: 'public' },
  guestSpotsPage: { path: '/guestspots/page/:page', access: 'public' },
  guestSpotsManage: { path: '/guestspots/manage', access: 'user' },
  guestSpotNew: { path: '/guestspot/new', access: 'user' },
  guestSpot: { path: '/guestspot/:slug', access: 'public' },
  guestSpotEdit: { path: '/guestspot/:slug/edit', access: 'user' },
  gastplatze: { path: '/gastplatze', access: 'public' },
  guestArtistNew: { path: '/guestartist/new', access: 'user' },
  guestArtistEdit: { path: '/guestartist/:id/edit', access: 'user' },
  guestArtistManage: { path: '/guestartist/manage', access: 'user' },
  availabilityList: { path: '/artist-availability', access: 'public' },
  availabilityNew: { path: '/artist-availability/new', access: 'user' },
  availabilityManage: { path: '/artist-availability/manage', access: 'user' },
  availabilityDetail: { path: '/artist-availability/:id', access: 'public' },
  tattooArtists: { path: '/tattooartists', access: 'public' },
  tattooArtistsPage: { path: '/tattooartists/page/:page', access: 'public' },
  tattooArtist: { path: '/tattooartist/:slug', access: 'public' },
  // The public tattoo gallery under its five localized paths, before the profile catch-all.
  gallery: { path: '/tattoo-gallery', access: 'public' },
  galleryDe: { path: '/tattoo-galerie', access: 'public' },
  galleryEs: { path: '/galeria-de-tatuajes', access: 'public' },
  galleryFr: { path: '/galerie-de-tatouages', access: 'public' },
  galleryPt: { path: '/galeria-de-tatuagens', access: 'public' },
  profile: { path: '/:username', access: 'public' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;

export interface RouteMatch {
  id: RouteId;
  params: Record<string, string>;
  lang: Language;
  /** The path without its language prefix. */
  path: string;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
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
  for (const [id, def] of Object.entries(ROUTES) as [RouteId, RouteDef][]) {
    if (def.devOnly && !opts.dev) continue;
    const params = matchPattern(def.path, clean);
    if (!params) continue;
    if ('username' in params && !isProfileSegment(params.username as string)) continue;
    return { id, params, lang, path: clean };
  }
  return null;
}

/** Fills a pattern with params ("/guestspot/:slug", {slug} -> "/guestspot/x"). */
export function buildPath(id: RouteId, params: Record<string, string | number> = {}): string {
  return ROUTES[id].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
