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
}

/** Values from the scaled data that paths name: a profile with a portfolio, a listing's slug. */
export interface Found {
  username: string;
  slug: string;
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
  // Server-rendered HTML, compared with the same bytes from the bare server.
  { name: 'home page', path: '/', accept: 'text/html', session: 'also' },
  { name: 'profile page', path: '{profilePage}', accept: 'text/html', cold: true, session: 'also' },
  // Logged in as the first studio, with READER_CONTACTS conversations among 1,000,000 messages.
  { name: 'conversations', path: '/api/messages/conversations', session: 'only' },
  { name: 'unread count', path: '/api/messages/unread-count', session: 'only' },
];

export const resolve = (path: string, found: Found) =>
  path
    .replace('{profilePage}', profilePathTo(found.username))
    .replace('{username}', encodeURIComponent(found.username))
    .replace('{slug}', encodeURIComponent(found.slug));
