import { splitLanguage, withLanguage, type Language } from './languages';
import { LEGACY_PATHS, buildPath, pathTo, type RouteId } from './routes';
import { isProfileSegment } from './username';

/** What a legacy path names that only a lookup can turn into its page. */
export type LegacyLookupKind = 'guestSpot' | 'guestSpotEdit' | 'availability';

/** A lookup: `key` is an id (a number) or a title slug; `fallback` is where to go when nothing is found. */
export interface LegacyLookup {
  kind: LegacyLookupKind;
  key: number | string;
  fallback: string;
}

/**
 * Where a legacy or German path leads: a fixed
 * target, or a lookup. Paths are unprefixed; `lang` is the language prefix to keep.
 */
export type LegacyRoute = { lang: Language } & ({ type: 'fixed'; to: string } | ({ type: 'lookup' } & LegacyLookup));

const ID = '(\\d{1,15})';

/** The page a lookup leads to, by the slug it found. */
const LOOKUP_ROUTES: Record<LegacyLookupKind, RouteId> = { guestSpot: 'guestSpot', guestSpotEdit: 'guestSpotEdit', availability: 'tattooArtist' };

/** Legacy paths naming one listing, in the order they are tried; `fallback` is where nothing found leads. */
const LOOKUPS: { pattern: RegExp; kind: LegacyLookupKind; fallback: string; idOnly: boolean }[] = [
  { pattern: new RegExp(`^/guestspots/${ID}/edit$`), kind: 'guestSpotEdit', fallback: buildPath('guestSpotsManage'), idOnly: true },
  { pattern: new RegExp(`^/gastpl(?:a|ä)tze/${ID}/bearbeiten$`), kind: 'guestSpotEdit', fallback: buildPath('guestSpotsManage'), idOnly: true },
  // The old slug after the id does not matter: the id decides.
  { pattern: new RegExp(`^/guestspots/${ID}(?:/[^/]+)?$`), kind: 'guestSpot', fallback: buildPath('guestSpots'), idOnly: true },
  { pattern: /^\/gastpl(?:a|ä)tze\/([^/]+)$/, kind: 'guestSpot', fallback: buildPath('guestSpots'), idOnly: false },
  // /artist-availability/{id} shows the same entry as its title slug page, which is its one address.
  { pattern: new RegExp(`^/(?:availability|tattooartists|artist-availability)/${ID}$`), kind: 'availability', fallback: buildPath('tattooArtists'), idOnly: true },
];

/** Cheap pre-check, so ordinary page paths are not decoded; it lets every legacy path of the route table through. */
const MAYBE_LEGACY = /guestspots|gastpl|availability|tattooartists|verf|artists|nstler|privacy-policy|profile\//i;

/** /profile/{username} names a profile by its path; /profile/me and /profile/dashboard are own-profile screens of their own. */
const PROFILE = /^\/profile\/([^/]+)$/;

/** The decoded (NFC) path without its language prefix and trailing slashes; null when it cannot be decoded. */
function decodePath(pathname: string): { lang: Language; path: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).normalize('NFC');
  } catch {
    return null;
  }
  const { lang, path } = splitLanguage(decoded);
  return { lang, path: path.length > 1 ? path.replace(/\/+$/, '') : path };
}

/**
 * Parses a pathname (encoded or not, optionally with a language prefix) as a legacy or German
 * path: its fixed target, the lookup that finds its target, or null when it is none. One
 * definition for the server's 301 redirects and the app's in-app redirects.
 */
export function parseLegacyPath(pathname: string): LegacyRoute | null {
  if (!MAYBE_LEGACY.test(pathname)) return null;
  const decoded = decodePath(pathname);
  if (!decoded) return null;
  const { lang, path } = decoded;
  const fixed = LEGACY_PATHS.get(path);
  if (fixed) return { lang, type: 'fixed', to: fixed };
  const username = PROFILE.exec(path)?.[1];
  if (username !== undefined && username !== 'me' && username !== 'dashboard' && isProfileSegment(username)) {
    return { lang, type: 'fixed', to: buildPath('profile', { username }) };
  }
  for (const { pattern, kind, fallback, idOnly } of LOOKUPS) {
    const raw = pattern.exec(path)?.[1];
    if (raw === undefined) continue;
    const key = idOnly || /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
    return { lang, type: 'lookup', kind, key, fallback };
  }
  return null;
}

/** The canonical page of a looked-up listing, by its slug. */
export function lookupTarget(kind: LegacyLookupKind, slug: string): string {
  return buildPath(LOOKUP_ROUTES[kind], { slug });
}

/**
 * Where a legacy path leads, with its language prefix: the fixed target, the looked-up
 * listing's page (`slug`), or the fallback when the lookup found nothing (`slug` null).
 */
export function legacyTarget(route: LegacyRoute, slug: string | null = null): string {
  if (route.type === 'fixed') return withLanguage(route.to, route.lang);
  return slug === null ? withLanguage(route.fallback, route.lang) : pathTo(LOOKUP_ROUTES[route.kind], { slug }, route.lang);
}
