import { profilePathTo } from '../src/common/routes';

/**
 * What `npm run bench` measures: each read against the app and, in the same run, against a bare
 * node:http server sending the identical bytes. A read's path may name values found in the
 * scaled data at run time (`{username}`, `{slug}`, the profile page's `{profilePage}`), which
 * `resolve` fills in.
 *
 * The server-rendered pages are reads with `accept: 'text/html'` (the home page, a profile page):
 * their bytes are HTML, compared the same way.
 */
export interface Read {
  name: string;
  path: string;
  /** Also measured against a second server with the caches off (the database path). */
  cold?: boolean;
  /** 'also': a second row with a session cookie; 'only': with the cookie alone (per-user reads). */
  session?: 'also' | 'only';
  /** Sent as the Accept header (HTML pages). */
  accept?: string;
  /** Sent as the Accept-Language header (a search in the searcher's language). */
  language?: string;
}

/** Values from the scaled data that paths name: a profile with a portfolio, a listing's slug. */
export interface Found {
  username: string;
  slug: string;
  /** The forum's newest thread, the scaled data's long one. */
  thread: number;
  /** The map city with the most guest spots. */
  city: number;
}

export const READS: Read[] = [
  { name: 'health', path: '/api/health' },
  { name: 'styles', path: '/api/styles', session: 'also' },
  { name: 'featured artists', path: '/api/featured/artists?limit=5', session: 'also' },
  { name: 'featured studios', path: '/api/featured/studios?limit=5' },
  { name: 'profile', path: '/api/profile/{username}', cold: true, session: 'also' },
  { name: 'gallery', path: '/api/gallery', cold: true, session: 'also' },
  { name: 'spot by slug', path: '/api/guest-spots/by-slug/{slug}', cold: true, session: 'also' },
  { name: 'guest spots', path: '/api/guest-spots', cold: true, session: 'also' },
  { name: 'guest spots filter', path: '/api/guest-spots?country=DE&style=11&page=2', cold: true },
  { name: 'guest spots p200', path: '/api/guest-spots?page=200', cold: true },
  { name: 'guest spots text', path: '/api/guest-spots?q=berlin', cold: true },
  { name: 'availabilities', path: '/api/artist-availability', cold: true },
  { name: 'artists', path: '/api/artists', cold: true },
  { name: 'artists available', path: '/api/artists?available=true', cold: true },
  // Site search, as people use it: a city, a style with a type tab, two words with the last one
  // still being typed, the header box's six suggestions for three letters, and a second page.
  // The German word is inflected: it matches the listings' "Gastplatz" through German stems only.
  { name: 'search city', path: '/api/search?q=berlin', cold: true },
  { name: 'search German', path: '/api/search?q=gastpl%C3%A4tze', language: 'de', cold: true },
  { name: 'search style tab', path: '/api/search?q=blackwork&type=guestspots', cold: true },
  { name: 'search prefix', path: '/api/search?q=fine%20li', cold: true },
  { name: 'search suggest', path: '/api/search?q=bla&limit=6', cold: true },
  { name: 'search rare', path: '/api/search?q={username}', cold: true },
  // The globe: every place with its counts, and the busiest city's first items.
  { name: 'map places', path: '/api/map/places', cold: true },
  { name: 'map places guest spots', path: '/api/map/places?types=guestspots', cold: true },
  { name: 'map city', path: '/api/map/cities/{city}', cold: true },
  // The forum: its front's categories, a category's first page and one deep in the list, the dashboard tile, a thread's tenth page.
  { name: 'forum categories', path: '/api/forum/categories', cold: true },
  { name: 'forum category', path: '/api/forum/categories/guest-spots-travel/threads', cold: true },
  { name: 'forum category p50', path: '/api/forum/categories/guest-spots-travel/threads?page=50', cold: true },
  { name: 'forum latest', path: '/api/forum/threads/latest?limit=3', session: 'also' },
  { name: 'forum thread p10', path: '/api/forum/threads/{thread}?page=10', cold: true, session: 'also' },
  // Server-rendered HTML, compared with the same bytes from the bare server.
  { name: 'home page', path: '/', accept: 'text/html', session: 'also' },
  { name: 'profile page', path: '{profilePage}', accept: 'text/html', cold: true, session: 'also' },
  { name: 'search page', path: '/search?q=berlin', accept: 'text/html', cold: true },
  // Logged in as the first studio, with READER_CONTACTS conversations among the world's messages.
  { name: 'conversations', path: '/api/messages/conversations', session: 'only', cold: true },
  { name: 'unread count', path: '/api/messages/unread-count', session: 'only', cold: true },
];

export const resolve = (path: string, found: Found) =>
  path
    .replace('{profilePage}', profilePathTo(found.username))
    .replace('{username}', encodeURIComponent(found.username))
    .replace('{slug}', encodeURIComponent(found.slug))
    .replace('{thread}', String(found.thread))
    .replace('{city}', String(found.city));
