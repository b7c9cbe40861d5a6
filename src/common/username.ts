import { USERNAME_MAX, USERNAME_MIN } from './constants';

/**
 * Words that can never be a profile path: every top-level path the application routes,
 * the language prefixes, legacy and German paths, and the names of the specification.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'admin', 'api', 'assets', 'uploads', 'static', 'login', 'logout', 'register', 'dashboard',
  'profile', 'settings', 'search', 'chat', 'map', 'messages', 'messaging-test', 'posts',
  'instapost', 'forum', 'guestspots', 'guestspot', 'tattooartists', 'tattooartist', 'tattoostudios', 'artists',
  'guestartist', 'artist-availability', 'availability', 'gastplatze', 'gastplätze', 'kunstler',
  'künstler', 'verfugbarkeit', 'verfügbarkeit', 'privacy-policy', 'aboutus', 'impressum',
  'datenschutz', 'agb', 'kontakt', 'privacy', 'terms', 'contact', 'tattoo-gallery',
  'tattoo-galerie', 'galeria-de-tatuajes', 'galerie-de-tatouages', 'galeria-de-tatuagens',
  'location-search-demo', 'location-search-simplified-demo', 'location-search-new-demo',
  'city-demo', 'geo-lookup-demo', 'en', 'de', 'es', 'fr', 'pt', 'payment', 'payments',
  'forgot-password', 'reset-password', 'not-authorized', 'robots-txt', 'sitemap', 'sitemaps', 'health',
  'unsubscribe', 'checkout', 'tour', 'stays', 'alerts',
]);

/** The profile path segment of a username: NFC, spaces as hyphens. */
export function profilePath(username: string): string {
  return username.normalize('NFC').trim().replace(/ +/g, '-');
}

/** The case-insensitive key two usernames collide on. */
export function usernameKey(username: string): string {
  return profilePath(username).toLowerCase();
}

/** Whether a name is reserved for the application (compared on its path form). */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(usernameKey(name));
}

export type UsernameProblem = 'length' | 'characters' | 'digits' | 'reserved';

/** Checks a username as typed at registration; spaces are allowed and become hyphens in the path. */
export function usernameProblem(username: string): UsernameProblem | null {
  const name = username.normalize('NFC').trim();
  const length = [...name].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return 'length';
  if (!/^[\p{L}\p{M}\p{Nd}_ ]+$/u.test(name)) return 'characters';
  if (/^[\d ]+$/.test(name)) return 'digits';
  if (isReservedName(name)) return 'reserved';
  return null;
}

/** Whether a path segment can be a profile (the reserved names). */
export function isProfileSegment(segment: string): boolean {
  const name = segment.normalize('NFC');
  const length = [...name].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return false;
  if (!/^[\p{L}\p{M}\p{Nd}_-]+$/u.test(name)) return false;
  if (/^\d+$/.test(name)) return false;
  return !RESERVED_NAMES.has(name.toLowerCase());
}
