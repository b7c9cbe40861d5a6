import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { addDays, todayInBerlin } from '../../src/common/schemas/listing-fields';
import { multipartBody, type TestFile } from '../../src/server/test/multipart';
import { SQLite } from '../../src/server/db/sqlite-driver';
import { unsubscribeToken } from '../../src/server/modules/notifications/index';
import { forumUnsubscribeToken, runDigest } from '../../src/server/modules/forum/index';
import { cityAlertManageToken, cityAlertUnsubscribeToken } from '../../src/server/modules/city-alerts/index';
import { followsUnsubscribeToken, runFollowMail } from '../../src/server/modules/follows/index';
import { digestToken, runDigests } from '../../src/server/modules/saved-searches/index';
import { runPostReminders } from '../../src/server/modules/instagram/index';
import { stepContext } from './capture';

/** A logged-in account of the tour. */
interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

interface Visit {
  /** The module the request is about; queries run outside any module's code are filed under it. */
  module: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  as?: Account | null;
  payload?: object;
  /** A multipart form (fields and one image, or one file of another kind). */
  form?: { fields: Record<string, string | number | Array<string | number>>; image?: Buffer; file?: TestFile };
  /** The status the request must answer; anything else stops the tour, so a tour that silently stops covering a path is caught. */
  status: number;
  lang?: string;
  /** A hot read: the scaled run adds the SQLite plan of each of its queries. */
  hot?: boolean;
}

/** How one step went; the two passes must agree on it. */
export interface StepOutcome {
  label: string;
  status: number;
  hot: boolean;
}

const STEP_HEADER = 'x-sql-tour-step';

/**
 * Runs each request of the tour inside its step's context, so its queries (and the work it
 * leaves behind, such as mails) are tagged with the step. Set in a hook because `inject` on an
 * app that is ready but not listening hands the request over through a queue, which loses the
 * caller's async context; the session lookup (a preHandler) runs after this onRequest hook.
 */
export function tagRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const [step, module] = String(request.headers[STEP_HEADER] ?? '').split(' ');
    if (step && module) stepContext.run({ step: Number(step), module }, done);
    else done();
  });
}

const day = (offset: number) => addDays(todayInBerlin(), offset);

/** A small image for uploads; the same bytes every run. */
async function image(color: { r: number; g: number; b: number }, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();
}

function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'tgs_session');
  if (!cookie) throw new Error(`no session cookie in answer ${res.statusCode}: ${res.body}`);
  return `tgs_session=${cookie.value}`;
}

/** The newest reset token mailed to an address; mails leave after the answer, so this waits for it. */
async function resetToken(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const local = email.split('@')[0] as string;
  for (let i = 0; i < 200; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes(local)).sort() : [];
    const last = files.at(-1);
    if (last) {
      const mail = readFileSync(path.join(dir, last), 'latin1').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

/** The token of the newest mailed link to `path` (e.g. /alerts/confirm/) for an address; mails leave after the answer, so this waits for it. */
async function mailedToken(dataDir: string, email: string, linkPath: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const pattern = new RegExp(`${linkPath.replace(/\//g, '\\/')}([A-Za-z0-9._-]+)`);
  for (let i = 0; i < 200; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`-${safe}.eml`)).sort() : [];
    const last = files.at(-1);
    if (last) {
      const token = pattern.exec(readFileSync(path.join(dir, last), 'latin1').replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail with ${linkPath} to ${email}`);
}

/**
 * Waits until a city import's background job has brought it to `wanted`. It reads the file
 * through a connection of its own: a poll through the app would be recorded, as many times as
 * the wait happens to take, and the two passes would differ. The job's own queries carry the
 * step that started it, whenever they run.
 */
async function cityImportReaches(app: FastifyInstance, id: number, wanted: 'ready' | 'done'): Promise<void> {
  const { database } = app.ctx.config;
  if (database.kind !== 'sqlite') throw new Error('the SQL tour runs on SQLite');
  const reader = new SQLite(database.file, { readonly: true });
  try {
    const read = reader.prepare('select status from city_imports where id = ?');
    for (let i = 0; i < 1000; i++) {
      const status = (read.get(id) as { status: string } | undefined)?.status;
      if (status === wanted) return;
      if (status === 'failed' || status === 'cancelled') throw new Error(`city import ${id} ended ${status}, expected ${wanted}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    reader.close();
  }
  throw new Error(`city import ${id} never became ${wanted}`);
}

/**
 * The tour: every API call and page kind of every module, with its filters, mutations and main
 * error paths, in a fixed order with fixed names, so that two runs (and the two dialect passes)
 * issue the same queries. Each request runs inside `stepContext`, which tags its queries.
 */
export async function runTour(app: FastifyInstance, dataDir: string): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  const wrong: string[] = [];

  const visit = async (v: Visit): Promise<LightMyRequestResponse> => {
    const step = outcomes.length;
    const method = v.method ?? 'GET';
    const headers: Record<string, string> = { 'accept-language': v.lang ?? 'en' };
    if (v.as) headers.cookie = v.as.cookie;
    let payload: string | Buffer | object | undefined = v.payload;
    if (v.form) {
      const body = await multipartBody(v.form.fields, v.form.file ?? (v.form.image ? { data: v.form.image } : undefined));
      payload = body.payload;
      Object.assign(headers, body.headers);
    }
    // A fixed address per step keeps the per-address limits out of the way and the runs equal.
    const remoteAddress = `10.77.${Math.floor(step / 250)}.${(step % 250) + 1}`;
    headers[STEP_HEADER] = `${step} ${v.module}`;
    const res = await app.inject({ method, url: v.url, headers, remoteAddress, ...(payload === undefined ? {} : { payload }) });
    const label = `${method} ${v.url}`;
    outcomes.push({ label, status: res.statusCode, hot: v.hot ?? false });
    if (res.statusCode !== v.status) {
      const body = res.headers['content-type']?.toString().startsWith('application/json') ? ` ${res.body.slice(0, 200)}` : '';
      wrong.push(`${label} answered ${res.statusCode}, expected ${v.status}${body}`);
    }
    return res;
  };

  /** Work the server does outside any request (timers in main.ts), run as a step of its own. */
  const task = async (module: string, label: string, work: () => Promise<unknown>) => {
    const step = outcomes.length;
    await stepContext.run({ step, module }, work);
    outcomes.push({ label, status: 0, hot: false });
  };

  const register = async (username: string, userType: 'artist' | 'studio'): Promise<Account> => {
    const email = `${username.replace(/\W/g, '').toLowerCase()}@example.test`;
    const password = 'Sicher!Passwort1';
    const res = await visit({ module: 'auth', method: 'POST', url: '/api/auth/register', payload: { email, username, password, userType }, status: 201 });
    const user = res.json().user as { id: number };
    return { id: user.id, username, email, password, cookie: sessionCookie(res) };
  };
  const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

  // Reference data, as the forms and filters load it.
  const styles = json(await visit({ module: 'reference', url: '/api/styles', status: 200 })) as unknown as Array<{ id: number; slug: string }>;
  await visit({ module: 'reference', url: '/api/gallery/styles', status: 200, lang: 'de' });
  await visit({ module: 'reference', url: '/api/users/styles', status: 200 });
  await visit({ module: 'reference', url: '/api/users-fixed/styles', status: 200 });
  const countries = json(await visit({ module: 'reference', url: '/api/countries', status: 200 })) as unknown as Array<{ id: number; code: string }>;
  await visit({ module: 'reference', url: '/api/countries/DE/cities?q=Ber&limit=5', status: 200 });
  const cities = json(await visit({ module: 'reference', url: '/api/countries/DE/cities?q=Hamburg', status: 200 })) as unknown as Array<{ id: number; name: string }>;
  await visit({ module: 'reference', url: '/api/countries/QQ/cities', status: 404 });
  await visit({ module: 'reference', url: '/countries-cities-completed.json', status: 200 });
  await visit({ module: 'site', url: '/api/site', status: 200 });
  await visit({ module: 'locations', url: '/api/locations/search?q=munc', status: 200, lang: 'de', hot: true });
  await visit({ module: 'locations', url: '/api/locations/search?q=wi&countryCode=AT&limit=5', status: 200 });
  await visit({ module: 'locations', url: '/api/locations/search?q=a', status: 400 });
  await visit({ module: 'locations', url: '/api/locations/nearest?lat=52.52&lng=13.405', status: 200, hot: true });
  await visit({ module: 'locations', url: '/api/locations/nearest?lat=40&lng=-40', status: 200 });
  await visit({ module: 'map', url: '/api/config/maps-key', status: 200 });
  await visit({ module: 'map', url: '/api/map/places', status: 200, hot: true });
  await visit({ module: 'map', url: '/api/map/places?types=guestspots', status: 200 });
  await visit({ module: 'map', url: `/api/map/cities/${cities[0]?.id ?? 1}`, status: 200 });
  await visit({ module: 'map', url: '/api/map/cities/999999999', status: 404 });
  await visit({ module: 'contact', url: '/api/contact/appeal?token=not-a-token', status: 400 });
  await visit({ module: 'health', url: '/api/health', status: 200 });
  await visit({ module: 'health', url: '/api/health/ready', status: 200 });
  await visit({ module: 'health', url: '/api/health/live', status: 200 });

  const style = (i: number) => (styles[i % styles.length] as { id: number }).id;
  const germany = countries.find((c) => c.code === 'DE')?.id as number;
  const hamburg = cities[0] as { id: number; name: string };

  // Accounts: register, a refused duplicate, log in and out, session reads.
  const studio = await register('Studio Nadelwerk', 'studio');
  const artist = await register('Mara Ink', 'artist');
  const other = await register('Other Artist', 'artist');
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/register', payload: { email: artist.email, username: 'Mara Ink Two', password: artist.password, userType: 'artist' }, status: 409 });
  await visit({ module: 'auth', url: '/api/auth/check', status: 200 });
  await visit({ module: 'auth', url: '/api/auth/check', as: artist, status: 200 });
  await visit({ module: 'auth', url: '/api/auth/me', as: artist, status: 200 });
  await visit({ module: 'auth', url: '/api/auth/me', status: 401 });
  await visit({ module: 'auth', url: '/api/auth/refresh-session', as: artist, status: 200 });
  await visit({ module: 'auth', url: '/api/users/current', as: artist, status: 200 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: artist.email, password: 'wrong-Passwort1' }, status: 401 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'wrong-Passwort1' }, status: 401 });
  const login = await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: artist.email, password: artist.password }, status: 200 });
  const second = { ...artist, cookie: sessionCookie(login) };
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/logout', as: second, status: 200 });
  await visit({ module: 'auth', url: '/api/auth/me', as: second, status: 401 });

  // Saved searches, made before the profiles and listings below so that those match them.
  const savedArtists = json(await visit({ module: 'saved-searches', method: 'POST', url: '/api/saved-searches', as: other, payload: { kind: 'artists', name: 'Artists in Germany', filters: { country: 'DE' }, frequency: 'weekly' }, status: 201 })) as { search: { id: number } };
  const savedSpots = json(await visit({ module: 'saved-searches', method: 'POST', url: '/api/saved-searches', as: other, payload: { kind: 'guest_spots', name: 'Hamburg', filters: { country: 'DE', city: hamburg.id }, frequency: 'instant' }, status: 201 })) as { search: { id: number } };
  await visit({ module: 'saved-searches', method: 'POST', url: '/api/saved-searches', as: other, payload: { kind: 'guest_spots', name: 'Bad', filters: { minGuestShare: 150 } }, status: 400, lang: 'de' });
  await visit({ module: 'saved-searches', method: 'POST', url: '/api/saved-searches', payload: { kind: 'artists', name: 'Visitor' }, status: 401 });
  await visit({ module: 'saved-searches', url: '/api/saved-searches', as: other, status: 200 });
  await visit({ module: 'saved-searches', method: 'PUT', url: `/api/saved-searches/${savedArtists.search.id}`, as: other, payload: { frequency: 'daily', filters: { country: 'DE', available: 'false' } }, status: 200 });
  await visit({ module: 'saved-searches', method: 'PUT', url: `/api/saved-searches/${savedArtists.search.id}`, as: studio, payload: { paused: true }, status: 404 });

  // Profiles: the form, images, and the public reads.
  const profileForm = {
    name: 'Mara Ink', bio: 'Fine line and dotwork.', instagram: 'mara.ink', website: 'https://mara.example', gender: 'female', experience: '6-9',
    languages: ['german', 'english'], countryId: germany, cityId: hamburg.id, workstations: 2, piercings: true, styles: [style(0), style(1), style(2)],
  };
  await visit({ module: 'profiles', method: 'PUT', url: `/api/users/${artist.id}/profile`, as: artist, payload: profileForm, status: 200 });
  await visit({ module: 'profiles', method: 'PUT', url: `/api/users/${studio.id}/profile`, as: studio, payload: { ...profileForm, name: 'Studio Nadelwerk', styles: [style(1)] }, status: 200 });
  await visit({ module: 'profiles', method: 'PUT', url: `/api/users/${studio.id}/profile`, as: artist, payload: profileForm, status: 403 });
  await visit({ module: 'profiles', method: 'PUT', url: `/api/users/${artist.id}/profile`, payload: profileForm, status: 401 });
  const avatar = await image({ r: 200, g: 40, b: 40 });
  const header = await image({ r: 40, g: 40, b: 200 }, 640, 240);
  await visit({ module: 'profiles', method: 'POST', url: `/api/users/${artist.id}/upload-image`, as: artist, form: { fields: { type: 'avatar' }, image: avatar }, status: 200 });
  await visit({ module: 'profiles', method: 'POST', url: `/api/users/${artist.id}/upload-image`, as: artist, form: { fields: { type: 'avatar' }, image: avatar }, status: 200 });
  await visit({ module: 'profiles', method: 'POST', url: `/api/users/${artist.id}/upload-image`, as: artist, form: { fields: { type: 'header' }, image: header }, status: 200 });
  await visit({ module: 'profiles', method: 'POST', url: `/api/users/${studio.id}/upload-image`, as: studio, form: { fields: { type: 'avatar' }, image: avatar }, status: 200 });
  await visit({ module: 'profiles', method: 'POST', url: `/api/users/${studio.id}/upload-image`, as: artist, form: { fields: { type: 'avatar' }, image: avatar }, status: 403 });
  await visit({ module: 'profiles', method: 'DELETE', url: `/api/users/${artist.id}/delete-image/header`, as: artist, status: 200 });
  await visit({ module: 'profiles', method: 'DELETE', url: `/api/users/${studio.id}/delete-image/avatar`, as: artist, status: 403 });
  await visit({ module: 'profiles', url: '/api/profile/me', as: artist, status: 200 });
  await visit({ module: 'profiles', url: `/api/profile/${encodeURIComponent('mara-ink')}`, status: 200, hot: true });
  await visit({ module: 'profiles', url: `/api/profile/${encodeURIComponent('Studio Nadelwerk')}`, as: artist, status: 200, hot: true });
  await visit({ module: 'profiles', url: '/api/profile/nobody-here', status: 404 });
  await visit({ module: 'profiles', url: `/api/users/${artist.id}/profile`, status: 200 });
  await visit({ module: 'profiles', url: `/api/users/by-username/${encodeURIComponent(artist.username)}`, status: 200 });
  await visit({ module: 'profiles', url: `/api/users/${artist.id}`, status: 200 });
  await visit({ module: 'profiles', url: '/api/users/999999', status: 404 });

  // Gallery: uploads, the public list with its filters and cursor, one image, order, edit, delete.
  const uploads: number[] = [];
  for (const [i, color] of [{ r: 10, g: 120, b: 90 }, { r: 120, g: 10, b: 90 }, { r: 90, g: 90, b: 10 }].entries()) {
    const res = await visit({
      module: 'gallery', method: 'POST', url: '/api/gallery', as: artist,
      form: { fields: { caption: `Piece ${i + 1}`, styleIds: i === 2 ? [] : [style(i), style(i + 1)] }, image: await image(color) },
      status: 201,
    });
    uploads.push((json(res).image as { id: number }).id);
  }
  await visit({ module: 'gallery', method: 'POST', url: '/api/gallery', as: artist, form: { fields: { caption: 'No image' } }, status: 400 });
  const firstPage = json(await visit({ module: 'gallery', url: '/api/gallery?limit=2', status: 200, hot: true }));
  const cursor = (firstPage.nextCursor ?? firstPage.cursor) as string | undefined;
  if (cursor) await visit({ module: 'gallery', url: `/api/gallery?limit=2&cursor=${encodeURIComponent(cursor)}`, status: 200, hot: true });
  await visit({ module: 'gallery', url: `/api/gallery?style=${style(0)}`, status: 200 });
  await visit({ module: 'gallery', url: `/api/gallery?style=${(styles[1] as { slug: string }).slug}&country=DE&city=${encodeURIComponent(hamburg.name)}`, status: 200 });
  await visit({ module: 'gallery', url: `/api/gallery?country=${germany}&city=${hamburg.id}`, as: artist, status: 200 });
  await visit({ module: 'gallery', url: `/api/gallery/image/${uploads[0]}`, status: 200 });
  await visit({ module: 'gallery', url: '/api/gallery/image/999999', status: 404 });
  await visit({ module: 'gallery', method: 'PUT', url: '/api/gallery/order', as: artist, payload: { ids: [...uploads].reverse() }, status: 200 });
  await visit({ module: 'gallery', method: 'PUT', url: '/api/gallery/order', as: studio, payload: { ids: uploads }, status: 400 });
  await visit({ module: 'gallery', method: 'PUT', url: `/api/gallery/${uploads[0]}`, as: artist, payload: { caption: 'Piece one, healed', styleIds: [style(3)] }, status: 200 });
  await visit({ module: 'gallery', method: 'PUT', url: `/api/gallery/${uploads[1]}`, as: artist, payload: { caption: 'Caption only' }, status: 200 });
  await visit({ module: 'gallery', method: 'PUT', url: `/api/gallery/${uploads[0]}`, as: studio, payload: { caption: 'Not mine' }, status: 403 });
  await visit({ module: 'gallery', method: 'DELETE', url: `/api/gallery/${uploads[2]}`, as: studio, status: 403 });
  await visit({ module: 'gallery', method: 'DELETE', url: `/api/gallery/${uploads[2]}`, as: artist, status: 200 });
  await visit({ module: 'gallery', method: 'DELETE', url: '/api/gallery/999999', as: artist, status: 404 });

  // Listings of both kinds: create, the public list with every filter, owner lists, reads, update, matches, delete.
  const kinds = [
    { api: '/api/guest-spots', owner: studio, stranger: artist, ownerKey: 'studioId', extra: { compensation: 'percentage', places: 2, requirements: 'Portfolio' } },
    { api: '/api/artist-availability', owner: artist, stranger: studio, ownerKey: 'artistId', extra: { preferredLocation: 'North' } },
  ] as const;
  const created: Record<string, Array<{ id: number; slug: string }>> = {};
  for (const k of kinds) {
    const list: Array<{ id: number; slug: string }> = [];
    for (const [i, input] of [
      { title: 'Guest spot Hamburg', countryId: germany, cityId: hamburg.id, styleIds: [style(0), style(1)] },
      { title: 'Guest spot Hamburg', description: 'Same title, next slug.', startDate: day(30), endDate: day(40) },
      { title: 'Sommer in Berlin', countryId: germany, cityName: 'Berlin', styleIds: [style(2)] },
    ].entries()) {
      const res = await visit({ module: 'listings', method: 'POST', url: k.api, as: k.owner, payload: { startDate: day(5 + i), endDate: day(15 + i), ...k.extra, ...input }, status: 201 });
      list.push(json(res) as unknown as { id: number; slug: string });
    }
    created[k.api] = list;
    await visit({ module: 'listings', method: 'POST', url: k.api, as: k.stranger, payload: { title: 'Wrong account type', startDate: day(5), endDate: day(6) }, status: 403 });
    await visit({ module: 'listings', method: 'POST', url: k.api, payload: { title: 'Anonymous', startDate: day(5), endDate: day(6) }, status: 401 });
    await visit({ module: 'listings', method: 'POST', url: k.api, as: k.owner, payload: { title: 'Ends first', startDate: day(9), endDate: day(3) }, status: 400 });

    for (const query of [
      '', '?page=2&limit=2', '?q=ha', '?q=hamburg', `?country=${germany}`, '?country=DE', `?city=${hamburg.id}`, `?style=${style(0)}`,
      `?from=${day(1)}&to=${day(20)}`, `?from=${day(25)}`, `?q=berlin&country=${germany}&city=${hamburg.id}&style=${style(2)}&from=${day(2)}&to=${day(60)}&page=1&limit=5`,
    ]) {
      await visit({ module: 'listings', url: `${k.api}${query}`, status: 200, hot: true });
    }
    await visit({ module: 'listings', url: `${k.api}?${k.ownerKey}=${k.owner.id}`, as: k.owner, status: 200 });
    await visit({ module: 'listings', url: `${k.api}?${k.ownerKey}=${k.owner.id}&limit=1`, status: 200 });
    await visit({ module: 'listings', url: `${k.api}?${k.ownerKey}=${k.owner.id}&count=1`, status: 200 });
    const first = list[0] as { id: number; slug: string };
    await visit({ module: 'listings', url: `${k.api}/${first.id}`, status: 200 });
    await visit({ module: 'listings', url: `${k.api}/${first.slug}`, as: k.owner, status: 200 });
    await visit({ module: 'listings', url: `${k.api}/by-slug/${first.slug}`, status: 200 });
    await visit({ module: 'listings', url: `${k.api}/999999`, status: 404 });
    await visit({ module: 'listings', method: 'PUT', url: `${k.api}/${first.id}`, as: k.owner, payload: { title: 'Guest spot Hamburg, renewed', styleIds: [style(3)], isActive: true }, status: 200 });
    await visit({ module: 'listings', method: 'PUT', url: `${k.api}/${(list[1] as { id: number }).id}`, as: k.owner, payload: { isActive: false }, status: 200 });
    await visit({ module: 'listings', method: 'PUT', url: `${k.api}/${first.id}`, as: k.stranger, payload: { title: 'Not mine' }, status: 403 });
    await visit({ module: 'listings', method: 'PUT', url: `${k.api}/999999`, as: k.owner, payload: { title: 'Nothing' }, status: 404 });
    await visit({ module: 'listings', url: `${k.api}/${first.id}/matches`, as: k.owner, status: 200 });
    await visit({ module: 'listings', url: `${k.api}/${first.id}/matches`, as: k.stranger, status: 403 });
  }

  // Workplace photos of guest spots: uploaded, refused, listed, reordered and deleted; the last spot keeps one until it is deleted below.
  {
    const [photoSpot, , doomedSpot] = created['/api/guest-spots'] as Array<{ id: number; slug: string }>;
    const photosOf = (spot: { id: number }) => `/api/guest-spots/${spot.id}/photos`;
    const photoIds: number[] = [];
    for (const color of [{ r: 40, g: 40, b: 40 }, { r: 200, g: 180, b: 150 }]) {
      const res = await visit({ module: 'guest-spot-photos', method: 'POST', url: photosOf(photoSpot!), as: studio, form: { fields: {}, image: await image(color) }, status: 201 });
      photoIds.push((json(res).photo as { id: number }).id);
    }
    await visit({ module: 'guest-spot-photos', method: 'POST', url: photosOf(doomedSpot!), as: studio, form: { fields: {}, image: await image({ r: 90, g: 20, b: 20 }) }, status: 201 });
    await visit({ module: 'guest-spot-photos', method: 'POST', url: photosOf(photoSpot!), as: artist, form: { fields: {}, image: await image({ r: 1, g: 2, b: 3 }) }, status: 403 });
    await visit({ module: 'guest-spot-photos', url: photosOf(photoSpot!), status: 200 });
    await visit({ module: 'guest-spot-photos', method: 'PUT', url: `${photosOf(photoSpot!)}/order`, as: studio, payload: { ids: [...photoIds].reverse() }, status: 200 });
    await visit({ module: 'guest-spot-photos', method: 'PUT', url: `${photosOf(photoSpot!)}/order`, as: studio, payload: { ids: [photoIds[0]] }, status: 400 });
    await visit({ module: 'guest-spot-photos', method: 'DELETE', url: `${photosOf(photoSpot!)}/${photoIds[0]}`, as: artist, status: 403 });
    await visit({ module: 'guest-spot-photos', method: 'DELETE', url: `${photosOf(photoSpot!)}/${photoIds[0]}`, as: studio, status: 200 });
    await visit({ module: 'listings', url: `/api/guest-spots/${photoSpot!.id}`, status: 200 });
  }

  // Artists and featured lists.
  for (const query of ['', '?page=2&limit=1', `?style=${style(0)}`, `?country=${germany}`, '?country=DE', `?city=${hamburg.id}`, '?available=1', `?available=true&style=${style(1)}&country=DE&city=${hamburg.id}`]) {
    await visit({ module: 'artists', url: `/api/artists${query}`, status: 200, hot: true });
  }
  for (const query of ['', '?page=2&limit=1', `?style=${style(0)}`, '?country=DE', `?city=${hamburg.id}`, '?openGuestSpots=true']) {
    await visit({ module: 'artists', url: `/api/studios${query}`, status: 200, hot: true });
  }
  await visit({ module: 'featured', url: '/api/featured/artists', status: 200, hot: true });
  await visit({ module: 'featured', url: '/api/featured/artists?limit=5', status: 200, hot: true });
  await visit({ module: 'featured', url: '/api/featured/studios', status: 200, hot: true });

  // Site search: every type and the tabs, a prefix, a second page by its cursor, syntax as plain words, bad input.
  for (const query of ['q=hamburg', 'q=hamb', 'q=tattoo%20hamb&type=guestspots', 'q=ink&type=profiles', 'q=berlin&type=availabilities&limit=6', 'q=NEAR(x%20%22y', 'q=%2A%2A']) {
    await visit({ module: 'search', url: `/api/search?${query}`, status: 200, lang: 'de', hot: true });
  }
  await visit({ module: 'search', url: '/api/search?q=ha&limit=1', status: 200 });
  // A fixed cursor: the PostgreSQL pass runs on SQLite without a full-text index, so it finds nothing to page from.
  const searchCursor = Buffer.from(JSON.stringify([0, '2026-01-01T00:00:00.000Z', 1])).toString('base64url');
  await visit({ module: 'search', url: `/api/search?q=ha&limit=1&cursor=${searchCursor}`, status: 200 });
  await visit({ module: 'search', url: '/api/search?q=a', status: 400 });

  // Reviews: written, edited, read by page and checked; one deleted by its reviewer, one refused.
  const firstReview = json(await visit({ module: 'reviews', method: 'POST', url: '/api/reviews/simple', as: studio, payload: { reviewerId: studio.id, reviewedId: artist.id, rating: 4, comment: 'Clean work.' }, status: 201 })).review as { id: number };
  await visit({ module: 'reviews', method: 'POST', url: '/api/reviews/simple', as: studio, payload: { reviewerId: studio.id, reviewedId: artist.id, rating: 5, comment: 'Clean work, again.' }, status: 200 });
  const otherReview = json(await visit({ module: 'reviews', method: 'POST', url: '/api/reviews/simple', as: other, payload: { reviewerId: other.id, reviewedId: studio.id, rating: 3 }, status: 201 })).review as { id: number };
  await visit({ module: 'reviews', method: 'POST', url: '/api/reviews/simple', as: other, payload: { reviewerId: other.id, reviewedId: artist.id, rating: 3 }, status: 403 });
  await visit({ module: 'reviews', url: `/api/reviews/user/${artist.id}`, status: 200, hot: true });
  await visit({ module: 'reviews', url: `/api/reviews/user/${artist.id}?cursor=${firstReview.id}`, as: studio, status: 200, hot: true });
  await visit({ module: 'reviews', url: `/api/reviews/stats/${artist.id}`, status: 200, hot: true });
  await visit({ module: 'reviews', url: `/api/reviews/check/${artist.id}`, as: studio, status: 200 });
  await visit({ module: 'reviews', method: 'DELETE', url: `/api/reviews/${otherReview.id}`, as: artist, status: 403 });
  await visit({ module: 'reviews', method: 'DELETE', url: `/api/reviews/${otherReview.id}`, as: other, status: 200 });
  await visit({ module: 'reviews', method: 'POST', url: '/api/reviews/simple', as: other, payload: { reviewerId: other.id, reviewedId: studio.id, rating: 2 }, status: 201 });

  // The live event stream holds its answer open, which inject cannot end, so only its refusal is
  // visited; its one query (the activity mark) runs after every logged-in request of the tour.
  await visit({ module: 'events', url: '/api/events', status: 401 });

  // Contact and profile visits.
  await visit({ module: 'contact', method: 'POST', url: '/api/contact', payload: { name: 'Visitor', email: 'visitor@example.test', subject: 'Hello', message: 'A question about guest spots.' }, status: 201 });
  await visit({ module: 'contact', method: 'POST', url: '/api/contact', as: artist, payload: { name: 'Mara', email: artist.email, message: 'A message from a member.' }, status: 201 });
  await visit({ module: 'profile-visits', method: 'POST', url: '/api/profile-visits', payload: { profileId: artist.id }, status: 200 });
  await visit({ module: 'profile-visits', method: 'POST', url: '/api/profile-visits', as: studio, payload: { profileId: artist.id }, status: 200 });
  await visit({ module: 'profile-visits', method: 'POST', url: '/api/profile-visits', as: artist, payload: { profileId: artist.id }, status: 200 });
  await visit({ module: 'profile-visits', method: 'POST', url: '/api/profile-visits', payload: { profileId: 999999 }, status: 404 });
  await visit({ module: 'profile-visits', url: '/api/profile-visits/my-count', as: artist, status: 200 });

  // Messages: an application with its card, a thread, its retry by client id, the list with its
  // cursor, the count, read marks, a message deleted and a conversation hidden.
  const appliedSpot = created['/api/guest-spots']?.[0] as { id: number; slug: string };
  await visit({ module: 'messages', method: 'POST', url: `/api/guest-spots/${appliedSpot.id}/apply`, as: artist, payload: {}, status: 201 });
  await visit({ module: 'messages', method: 'POST', url: `/api/guest-spots/${appliedSpot.id}/apply`, as: artist, payload: { content: 'Again' }, status: 409 });
  await visit({ module: 'messages', method: 'POST', url: `/api/guest-spots/${appliedSpot.id}/apply`, as: studio, payload: {}, status: 403 });
  await visit({ module: 'messages', method: 'POST', url: '/api/guest-spots/999999/apply', as: artist, payload: {}, status: 404 });
  await visit({ module: 'listings', url: `/api/guest-spots/${appliedSpot.id}`, as: artist, status: 200 });
  // Deals: the application as each side lists it, the counts, and the artist's tour and feeds.
  await visit({ module: 'deals', url: '/api/applications?role=received', as: studio, status: 200, hot: true });
  await visit({ module: 'deals', url: '/api/applications?role=sent', as: artist, status: 200 });
  await visit({ module: 'deals', url: '/api/stays?role=artist', as: artist, status: 200 });
  await visit({ module: 'deals', url: '/api/deals/summary', as: studio, status: 200, hot: true });
  await visit({ module: 'deals', url: `/api/users/${artist.id}/stays`, status: 200 });
  await visit({ module: 'tour', url: `/api/tours/${encodeURIComponent(artist.username.replace(/ /g, '-'))}`, status: 200 });
  await visit({ module: 'tour', url: `/${encodeURIComponent(artist.username.replace(/ /g, '-'))}/tour.ics`, status: 200 });
  await visit({ module: 'tour', url: '/api/calendar', as: artist, status: 200 });
  const messageClientId = '6f1c1a52-8a53-4f0e-9a57-3d1f7c2b9e10';
  const reply = { recipient_id: artist.id, content: 'Hallo Mara,\nwann passt es dir?', client_id: messageClientId };
  const sentMessage = json(await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: studio, payload: reply, status: 201 })).message as { id: number };
  await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: studio, payload: reply, status: 200 });
  await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: other, payload: { recipient_id: studio.id, content: 'Hi there!' }, status: 201 });
  await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: artist, payload: { recipient_id: artist.id, content: 'Me' }, status: 400 });
  await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: artist, payload: { recipient_id: 999999, content: 'Nobody' }, status: 404 });
  await visit({ module: 'messages', url: '/api/messages/conversations', as: studio, status: 200, hot: true });
  await visit({ module: 'messages', url: '/api/messages/conversations?before=2100-01-01T00:00:00.000Z', as: studio, status: 200 });
  await visit({ module: 'messages', url: `/api/messages/conversations?before=2100-01-01T00:00:00.000Z&beforeId=${other.id}`, as: studio, status: 200 });
  await visit({ module: 'messages', url: '/api/messages/unread-count', as: studio, status: 200, hot: true });
  await visit({ module: 'messages', url: `/api/messages/contact/${artist.id}`, as: studio, status: 200, hot: true });
  await visit({ module: 'messages', url: `/api/messages/contact/${studio.id}?before=${sentMessage.id}`, as: artist, status: 200 });
  await visit({ module: 'messages', url: '/api/messages/contact/999999', as: artist, status: 404 });
  await visit({ module: 'messages', method: 'PUT', url: `/api/messages/read/${artist.id}`, as: studio, status: 200 });
  await visit({ module: 'messages', method: 'PUT', url: `/api/messages/read/${studio.id}`, as: artist, status: 200 });
  await visit({ module: 'messages', method: 'DELETE', url: `/api/messages/${sentMessage.id}`, as: artist, status: 403 });
  await visit({ module: 'messages', method: 'DELETE', url: `/api/messages/${sentMessage.id}`, as: studio, status: 200 });
  await visit({ module: 'messages', method: 'DELETE', url: `/api/messages/conversation/${other.id}`, as: studio, status: 200 });

  // Blocks and reports (a message only by its recipient), the mail preferences, the unread-message
  // mail job two hours on (everyone idle by then) and the unsubscribe link it carries.
  const note = json(await visit({ module: 'messages', method: 'POST', url: '/api/messages', as: artist, payload: { recipient_id: studio.id, content: 'Is the spot in May still free?' }, status: 201 })).message as { id: number };
  await visit({ module: 'safety', method: 'POST', url: `/api/users/${other.id}/block`, as: artist, status: 200 });
  await visit({ module: 'safety', method: 'POST', url: `/api/users/${other.id}/block`, as: artist, status: 200 });
  await visit({ module: 'safety', method: 'POST', url: `/api/users/${artist.id}/block`, as: artist, status: 400 });
  await visit({ module: 'safety', method: 'POST', url: '/api/users/999999/block', as: artist, status: 404 });
  await visit({ module: 'safety', url: '/api/blocks', as: artist, status: 200 });
  await visit({ module: 'safety', url: `/api/blocks?cursor=${encodeURIComponent('2030-01-01T00:00:00.000Z_1')}`, as: artist, status: 200 });
  await visit({ module: 'safety', url: '/api/blocks', status: 401 });
  await visit({ module: 'safety', method: 'DELETE', url: `/api/users/${other.id}/block`, as: artist, status: 200 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'message', targetId: note.id, reason: 'spam', details: 'An advert.' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'message', targetId: note.id, reason: 'spam' }, status: 200 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: other, payload: { targetType: 'message', targetId: note.id, reason: 'spam' }, status: 404 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: other, payload: { targetType: 'review', targetId: firstReview.id, reason: 'fake' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: artist, payload: { targetType: 'user', targetId: other.id, reason: 'harassment' }, status: 201 });
  await visit({ module: 'notifications', url: '/api/profile/preferences', as: studio, status: 200 });
  await visit({ module: 'notifications', method: 'PUT', url: '/api/profile/preferences', as: studio, payload: { language: 'de' }, status: 200 });
  await visit({ module: 'notifications', method: 'PUT', url: '/api/profile/preferences', as: studio, payload: { language: 'xx' }, status: 400 });
  await task('notifications', 'mail unread messages', () => app.services.notifications.runUnreadMail(new Date(Date.now() + 2 * 60 * 60_000)));
  const unsubscribe = `/api/notifications/unsubscribe/${unsubscribeToken(app.ctx.config.sessionSecret, studio.id)}`;
  await visit({ module: 'notifications', url: unsubscribe, status: 200 });
  await visit({ module: 'notifications', method: 'POST', url: unsubscribe, status: 200 });
  await visit({ module: 'notifications', method: 'POST', url: `/api/notifications/unsubscribe/${studio.id}.${'A'.repeat(43)}`, status: 400 });

  // Payments: the catalogue, a featured purchase through the test provider, a repeated
  // capture, the history and the receipt; then the reconciler's pass over open orders.
  await visit({ module: 'payments', url: '/api/payments/products', status: 200 });
  await visit({ module: 'payments', url: '/api/payments/products', as: artist, status: 200 });
  await visit({ module: 'payments', url: '/api/config/paypal', status: 200 });
  const order = json(await visit({ module: 'payments', method: 'POST', url: '/api/payments/create-order', as: artist, payload: { productType: 'featured_artist' }, status: 201 })).orderId as string;
  await visit({ module: 'payments', method: 'POST', url: '/api/payments/create-order', as: artist, payload: { productType: 'featured_studio' }, status: 403 });
  await visit({ module: 'payments', url: `/api/payments/test-provider/orders/${order}`, as: artist, status: 200 });
  await visit({ module: 'payments', url: `/api/payments/test-provider/orders/${order}`, as: studio, status: 404 });
  await visit({ module: 'payments', method: 'POST', url: `/api/payments/test-provider/orders/${order}`, as: artist, payload: { action: 'approve' }, status: 200 });
  await visit({ module: 'payments', method: 'POST', url: '/api/payments/capture-order', as: artist, payload: { orderId: order, productType: 'featured_artist' }, status: 200 });
  // A featured owner's listings lead the public list: the list read by owner first, then the rest.
  await visit({ module: 'listings', url: '/api/artist-availability', status: 200 });
  await visit({ module: 'featured', url: '/api/featured/artists', status: 200 });
  const open = json(await visit({ module: 'payments', method: 'POST', url: '/api/payments/create-order', as: artist, payload: { productType: 'instagram_reel' }, status: 201 })).orderId as string;
  await task('payments', 'reconcile open orders', () => app.services.payments.reconcile());
  await visit({ module: 'payments', method: 'POST', url: `/api/payments/test-provider/orders/${open}`, as: artist, payload: { action: 'cancel' }, status: 200 });
  // Without PayPal configured there is no webhook to verify against.
  await visit({ module: 'payments', method: 'POST', url: '/api/payments/webhook/paypal', payload: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' }, status: 404 });
  await visit({ module: 'payments', url: '/api/payments/history', as: artist, status: 200 });
  await visit({ module: 'payments', url: `/api/payments/${order}/receipt`, as: artist, status: 200 });
  await visit({ module: 'payments', url: `/api/payments/${order}/receipt`, as: studio, status: 404 });
  await visit({ module: 'payments', url: `/api/payments/${order}/receipt.pdf`, as: artist, status: 200 });

  // Planned posts of the now featured artist: a picture, a planned post, its promotion, the lists.
  const media = json(await visit({ module: 'instagram', method: 'POST', url: '/api/instagram/media', as: artist, form: { fields: {}, image: avatar }, status: 201 })).media as { id: number };
  const plannedAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const post = json(await visit({
    module: 'instagram', method: 'POST', url: '/api/instagram/posts', as: artist,
    payload: { type: 'feed_post', caption: 'Neues Flash-Set', hashtags: ['flash', 'tattoo'], plannedAt, status: 'planned', mediaId: media.id }, status: 201,
  })).post as { id: number };
  await visit({ module: 'instagram', url: '/api/instagram/posts', as: artist, status: 200 });
  await visit({ module: 'instagram', url: '/api/instagram/posts?status=published', as: artist, status: 200 });
  await visit({ module: 'instagram', url: `/api/instagram/posts/${post.id}`, as: artist, status: 200 });
  await visit({ module: 'instagram', url: `/api/instagram/posts/${post.id}`, as: studio, status: 404 });
  await visit({ module: 'instagram', method: 'PUT', url: `/api/instagram/posts/${post.id}`, as: artist, payload: { type: 'feed_post', caption: 'Neues Flash-Set, jetzt buchbar' }, status: 200 });
  await visit({ module: 'instagram', method: 'POST', url: `/api/instagram/posts/${post.id}/promotion`, as: artist, payload: { productType: 'instagram_feed_post' }, status: 200 });
  await visit({ module: 'instagram', method: 'POST', url: `/api/instagram/posts/${post.id}/promotion`, as: artist, payload: { productType: 'instagram_reel' }, status: 409 });
  await task('instagram', 'mail post reminders', () => runPostReminders(app.ctx, new Date(Date.now() + 4 * 86_400_000)));
  await visit({ module: 'instagram', method: 'DELETE', url: `/api/instagram/posts/${post.id}`, as: artist, status: 200 });

  // Pages: each path kind, with its head filled from the database, and the legacy lookups.
  const spot = created['/api/guest-spots']?.[0] as { id: number; slug: string };
  const availability = created['/api/artist-availability']?.[0] as { id: number; slug: string };
  for (const [url, status] of [
    ['/', 200], ['/de/', 200], ['/guestspots', 200], ['/guestspots/page/2', 404], ['/gastplatze', 200], [`/guestspot/${spot.slug}`, 200],
    [`/de/guestspot/${spot.slug}`, 200], ['/guestspot/no-such-spot', 404], [`/guestspots/${spot.id}`, 301], [`/guestspots/${spot.id}/edit`, 301],
    ['/artist-availability', 200], ['/artist-availability/page/2', 404], ['/artist-availability?page=2', 301], [`/artist-availability/${availability.id}`, 301], [`/tattooartist/${availability.slug}`, 200],
    [`/availability/${availability.id}`, 301], ['/tattooartists', 200], ['/tattooartists/page/2', 404], ['/tattooartist/no-such-availability', 404], ['/tattoostudios', 200], ['/tattoostudios/page/2', 404],
    ['/tattoo-gallery', 200], ['/tattoo-galerie', 200], ['/mara-ink', 200], ['/nobody-here', 404], ['/aboutus', 200], ['/de/agb', 200],
    ['/de/search?q=hamburg', 200],
  ] as const) {
    await visit({ module: 'pages', url, status });
  }
  for (const [url, status] of [['/dashboard', 200], ['/profile', 200], [`/guestspot/${spot.slug}/edit`, 200], [`/guestartist/${availability.id}/edit`, 200]] as const) {
    await visit({ module: 'pages', url, as: url.startsWith('/guestspot/') ? studio : artist, status });
  }

  // Deletes of listings, after the pages read them.
  for (const k of kinds) {
    const last = created[k.api]?.[2] as { id: number };
    await visit({ module: 'listings', method: 'DELETE', url: `${k.api}/${last.id}`, as: k.stranger, status: 403 });
    await visit({ module: 'listings', method: 'DELETE', url: `${k.api}/${last.id}`, as: k.owner, status: 200 });
    await visit({ module: 'listings', method: 'DELETE', url: `${k.api}/${last.id}`, as: k.owner, status: 404 });
  }

  // Admin user management: the list, one user, notes, warnings, suspension, roles, deletion.
  const tourAdmin = await register('Tour Admin', 'artist');
  const target = await register('Tour Target', 'studio');
  await task('auth', 'make an administrator (the admin command)', () => app.services.auth.promoteToAdmin(tourAdmin.email));
  const adminLogin = await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: tourAdmin.email, password: tourAdmin.password }, status: 200 });
  const admin = { ...tourAdmin, cookie: sessionCookie(adminLogin) };

  // Deals: the application declined, made again and withdrawn; an invitation accepted into a stay,
  // its agreement read, accepted and printed, then the stay cancelled; the calendar feed revoked.
  const received = json(await visit({ module: 'deals', url: '/api/applications?role=received&status=pending', as: studio, status: 200 })) as { applications: Array<{ id: number }> };
  const pending = received.applications[0] as { id: number };
  await visit({ module: 'deals', method: 'POST', url: `/api/applications/${pending.id}/accept`, as: artist, status: 403 });
  await visit({ module: 'deals', method: 'POST', url: `/api/applications/${pending.id}/decline`, as: studio, payload: { reason: 'Schon voll' }, status: 200 });
  const again = json(await visit({ module: 'messages', method: 'POST', url: `/api/guest-spots/${spot.id}/apply`, as: artist, payload: { message: 'Noch einmal' }, status: 201 })) as { applicationId: number };
  await visit({ module: 'deals', method: 'POST', url: `/api/applications/${again.applicationId}/withdraw`, as: artist, status: 200 });
  // City alerts without an account: a visitor asks near the studio's city and confirms from the
  // mail, so the accept below tells them; then the manage link and the one-click unsubscribe.
  const fan = 'fan@example.test';
  const alertInput = { artistId: artist.id, email: fan, cityId: hamburg.id, radiusKm: 50, language: 'de' };
  await visit({ module: 'city-alerts', method: 'POST', url: '/api/city-alerts', payload: alertInput, status: 202 });
  await visit({ module: 'city-alerts', method: 'POST', url: '/api/city-alerts', payload: { ...alertInput, radiusKm: 30 }, status: 400 });
  await visit({ module: 'city-alerts', method: 'POST', url: '/api/city-alerts', payload: { ...alertInput, artistId: studio.id }, status: 404 });
  const alertConfirm = await mailedToken(dataDir, fan, '/alerts/confirm/');
  await visit({ module: 'city-alerts', url: `/api/city-alerts/confirm?token=${alertConfirm}`, status: 200 });
  await visit({ module: 'city-alerts', url: `/api/city-alerts/confirm?token=1.${'A'.repeat(43)}`, status: 404 });
  const alertManage = `/api/city-alerts/manage/${cityAlertManageToken(app.ctx.config.sessionSecret, fan)}`;
  await visit({ module: 'city-alerts', url: alertManage, status: 200 });
  await visit({ module: 'city-alerts', url: `/api/city-alerts/manage/${'A'.repeat(43)}`, status: 404 });
  const invitation = { startDate: day(6), endDate: day(10), message: 'Komm zu uns!', terms: { deal: { type: 'commission', guestSharePercent: 70 }, housing: 'guest_room' } };
  await visit({ module: 'deals', method: 'POST', url: `/api/artist-availability/${availability.id}/invite`, as: artist, payload: invitation, status: 403 });
  const invited = json(await visit({ module: 'deals', method: 'POST', url: `/api/artist-availability/${availability.id}/invite`, as: studio, payload: invitation, status: 201 })) as { id: number };
  const accepted = json(await visit({ module: 'deals', method: 'POST', url: `/api/applications/${invited.id}/accept`, as: artist, status: 200 })) as { stay: { id: number } };
  const stayId = accepted.stay.id;
  await visit({ module: 'deals', url: '/api/stays?role=studio&status=confirmed', as: studio, status: 200 });
  await visit({ module: 'agreements', url: `/api/stays/${stayId}/agreement`, as: studio, status: 200 });
  await visit({ module: 'agreements', url: `/api/stays/${stayId}/agreement`, as: other, status: 404 });
  await visit({ module: 'agreements', method: 'POST', url: `/api/stays/${stayId}/agreement/accept`, as: artist, payload: {}, status: 200 });
  await visit({ module: 'agreements', url: `/api/stays/${stayId}/agreement.pdf`, as: admin, status: 200 });
  // The accept's notice to the confirmed alert, delivered before the alert goes.
  await task('city-alerts', 'deliver the notices of the confirmed stay', () => app.ctx.outbox.drain());
  const alertUnsubscribe = `/api/city-alerts/unsubscribe/${cityAlertUnsubscribeToken(app.ctx.config.sessionSecret, { id: Number(alertConfirm.split('.')[0]), email_key: fan })}`;
  await visit({ module: 'city-alerts', url: alertUnsubscribe, status: 303 });
  await visit({ module: 'city-alerts', method: 'POST', url: alertUnsubscribe, status: 200 });
  await visit({ module: 'city-alerts', method: 'POST', url: '/api/city-alerts', payload: alertInput, status: 202 });
  await visit({ module: 'city-alerts', method: 'DELETE', url: `${alertManage}/2147483647`, status: 404 });
  await task('city-alerts', 'delete the city alerts nobody confirmed', () => app.services.cityAlerts.cleanUp(new Date(Date.now() + 8 * 86_400_000)));
  await visit({ module: 'city-alerts', method: 'DELETE', url: alertManage, status: 404 });
  await visit({ module: 'trust', url: `/api/users/${studio.id}/trust`, status: 200 });
  await visit({ module: 'trust', url: '/api/trust/review-prompts', as: artist, status: 200 });
  // Following, while the stay is confirmed: the other user follows both sides, reads the feed, the lists and the weekly mail runs.
  await visit({ module: 'follows', method: 'PUT', url: `/api/follows/${artist.id}`, as: other, status: 200 });
  await visit({ module: 'follows', method: 'PUT', url: `/api/follows/${studio.id}`, as: other, status: 200 });
  await visit({ module: 'follows', method: 'PUT', url: `/api/follows/${other.id}`, as: other, status: 400 });
  await visit({ module: 'follows', method: 'PUT', url: `/api/follows/${studio.id}`, status: 401 });
  await visit({ module: 'follows', url: `/api/follows/${artist.id}`, as: other, status: 200 });
  await visit({ module: 'follows', url: '/api/follows', as: other, status: 200 });
  await visit({ module: 'follows', url: '/api/followers', as: artist, status: 200 });
  await visit({ module: 'follows', url: `/api/followers?cursor=${encodeURIComponent('2099-01-01T00:00:00.000Z_2147483647')}`, as: artist, status: 200 });
  await visit({ module: 'follows', url: '/api/follows/feed', as: other, status: 200, hot: true });
  await visit({ module: 'follows', url: `/api/follows/feed?cursor=${encodeURIComponent('2099-01-01T00:00:00.000Z_portfolio_1')}`, as: other, status: 200 });
  await visit({ module: 'follows', url: '/api/follows/preferences', as: other, status: 200 });
  await visit({ module: 'follows', method: 'PUT', url: '/api/follows/preferences', as: other, payload: { weeklyMail: true }, status: 200 });
  await visit({ module: 'follows', method: 'PUT', url: '/api/follows/preferences', as: other, payload: { weeklyMail: 'yes' }, status: 400 });
  await task('follows', 'mail the weekly following digests', () => runFollowMail(app.ctx, new Date(Date.now() + 60_000)));
  const followsUnsubscribe = `/api/follows/unsubscribe/${followsUnsubscribeToken(app.ctx.config.sessionSecret, other.id)}`;
  await visit({ module: 'follows', url: followsUnsubscribe, status: 200 });
  await visit({ module: 'follows', method: 'POST', url: followsUnsubscribe, status: 200 });
  await visit({ module: 'follows', method: 'POST', url: `/api/follows/unsubscribe/${other.id}.${'A'.repeat(43)}`, status: 400 });
  await visit({ module: 'follows', method: 'DELETE', url: `/api/follows/${studio.id}`, as: other, status: 200 });
  // Demand by city: three visitors confirm alerts about Hamburg, so the artist's answer names a
  // city; the studio's counts the artists coming; visitors and staff are refused.
  for (const email of ['demand1@example.test', 'demand2@example.test', 'demand3@example.test']) {
    await visit({ module: 'city-alerts', method: 'POST', url: '/api/city-alerts', payload: { ...alertInput, email }, status: 202 });
    await visit({ module: 'city-alerts', url: `/api/city-alerts/confirm?token=${await mailedToken(dataDir, email, '/alerts/confirm/')}`, status: 200 });
  }
  await visit({ module: 'demand', url: '/api/demand', as: artist, status: 200, hot: true });
  await visit({ module: 'demand', url: '/api/demand', as: studio, status: 200, lang: 'de' });
  await visit({ module: 'demand', url: '/api/demand', status: 401 });
  await visit({ module: 'demand', url: '/api/demand', as: admin, status: 403 });
  // The saved searches' hits: matched from the outbox, mailed as a digest, the digest's one-click unsubscribe, a delete.
  await task('saved-searches', 'match the new listings and profiles against the saved searches', () => app.ctx.outbox.drain());
  await task('saved-searches', 'mail the saved search digests', () => runDigests(app.ctx, new Date(Date.now() + 60_000)));
  const savedUnsubscribe = `/api/saved-searches/unsubscribe/${digestToken(app.ctx.config.sessionSecret, [savedSpots.search.id])}`;
  await visit({ module: 'saved-searches', url: savedUnsubscribe, status: 200 });
  await visit({ module: 'saved-searches', method: 'POST', url: savedUnsubscribe, status: 200 });
  await visit({ module: 'saved-searches', method: 'POST', url: `/api/saved-searches/unsubscribe/1.${'A'.repeat(43)}`, status: 400 });
  await visit({ module: 'saved-searches', method: 'DELETE', url: `/api/saved-searches/${savedSpots.search.id}`, as: studio, status: 404 });
  await visit({ module: 'saved-searches', method: 'DELETE', url: `/api/saved-searches/${savedSpots.search.id}`, as: other, status: 204 });
  await visit({ module: 'deals', method: 'POST', url: `/api/stays/${stayId}/cancel`, as: studio, payload: { reason: 'Umbau' }, status: 200 });
  const feed = json(await visit({ module: 'tour', url: '/api/calendar', as: studio, status: 200 })) as { url: string };
  await visit({ module: 'tour', url: new URL(feed.url).pathname, status: 200 });
  await visit({ module: 'tour', method: 'DELETE', url: '/api/calendar', as: studio, status: 204 });

  // Studio verification: a document rejected, another approved, each read by the admin.
  const certificate = { data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), field: 'document', filename: 'gewerbe.pdf', type: 'application/pdf' };
  await visit({ module: 'trust', url: '/api/trust/verification', as: studio, status: 200 });
  const rejectedDoc = json(await visit({ module: 'trust', method: 'POST', url: '/api/trust/verification', as: studio, form: { fields: {}, file: certificate }, status: 201 })) as { id: number };
  await visit({ module: 'trust', url: '/api/admin/verifications?status=pending', as: admin, status: 200 });
  await visit({ module: 'trust', url: `/api/trust/verification/${rejectedDoc.id}/document`, as: admin, status: 200 });
  await visit({ module: 'trust', url: `/api/trust/verification/${rejectedDoc.id}/document`, as: artist, status: 404 });
  await visit({ module: 'trust', method: 'POST', url: `/api/admin/verifications/${rejectedDoc.id}/reject`, as: admin, payload: { reason: 'Unleserlich' }, status: 200 });
  const approvedDoc = json(await visit({ module: 'trust', method: 'POST', url: '/api/trust/verification', as: studio, form: { fields: {}, file: certificate }, status: 201 })) as { id: number };
  await visit({ module: 'trust', method: 'POST', url: `/api/admin/verifications/${approvedDoc.id}/approve`, as: admin, status: 200 });
  const users = `/api/admin/users/${target.id}`;
  await visit({ module: 'admin', url: '/api/admin/users', as: artist, status: 403 });
  await visit({ module: 'admin', url: '/api/admin/users', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/users?q=tour&userType=studio&role=user&status=active', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/users?status=suspended', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/users/999999', as: admin, status: 404 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/notes`, as: admin, payload: { body: 'Asked about invoices.' }, status: 201 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/warn`, as: admin, payload: { reason: 'Please answer your messages politely.' }, status: 201 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/suspend`, as: admin, payload: { reason: 'Spam in many conversations', until: new Date(Date.now() + 7 * 86_400_000).toISOString() }, status: 200 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: target.email, password: target.password }, status: 403 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/unsuspend`, as: admin, payload: {}, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/role`, as: admin, payload: { role: 'admin', password: admin.password }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `${users}/role`, as: admin, payload: { role: 'user', password: admin.password }, status: 200 });
  await visit({ module: 'admin', url: users, as: admin, status: 200, hot: true });
  await visit({ module: 'admin', method: 'DELETE', url: users, as: admin, payload: { reason: 'Asked to be removed', password: admin.password }, status: 200 });

  // The admin area's dashboard: the gate's check, the summary, the registrations, the weekly statistics.
  await visit({ module: 'admin', url: '/api/admin/check', status: 401 });
  await visit({ module: 'admin', url: '/api/admin/check', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/summary', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/registrations', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/statistics', as: admin, status: 200 });
  await visit({ module: 'admin', url: `/api/admin/statistics?from=${day(-90)}&to=${day(0)}`, as: admin, status: 200 });

  // Reports of the kinds the moderation queue adds (an image, a guest spot, an availability),
  // then the queue and each report resolved with an action its kind allows.
  const reportedSpot = created['/api/guest-spots']?.[0] as { id: number };
  const reportedAvailability = created['/api/artist-availability']?.[0] as { id: number };
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'image', targetId: uploads[0], reason: 'stolen_work', details: 'Copied from another artist.' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: artist, payload: { targetType: 'guest_spot', targetId: reportedSpot.id, reason: 'fake' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'availability', targetId: reportedAvailability.id, reason: 'spam' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'guest_spot', targetId: 999999, reason: 'spam' }, status: 404 });
  await visit({ module: 'admin', url: '/api/admin/reports', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/reports?status=open&targetType=message', as: admin, status: 200 });
  for (const [targetType, targetId, action] of [
    ['message', note.id, 'remove'],
    ['review', firstReview.id, 'dismiss'],
    ['user', other.id, 'warn_owner'],
    ['image', uploads[0] as number, 'hide'],
    ['guest_spot', reportedSpot.id, 'hide'],
    ['availability', reportedAvailability.id, 'remove'],
  ] as const) {
    await visit({ module: 'admin', method: 'POST', url: '/api/admin/reports/resolve', as: admin, payload: { targetType, targetId, action, reason: 'Checked by the tour.' }, status: 200 });
  }
  await visit({ module: 'admin', method: 'POST', url: '/api/admin/reports/resolve', as: admin, payload: { targetType: 'message', targetId: note.id, action: 'dismiss', reason: 'Again.' }, status: 404 });
  await visit({ module: 'admin', url: '/api/admin/reports?status=resolved', as: admin, status: 200 });

  // A reporter's bell: the notices of the resolutions above, a page further on, some and then all marked read.
  await visit({ module: 'notifications', url: '/api/notifications', as: studio, status: 200 });
  await visit({ module: 'notifications', url: '/api/notifications?cursor=999999', as: studio, status: 200 });
  await visit({ module: 'notifications', method: 'PUT', url: '/api/notifications/read', as: studio, payload: { ids: [1, 2] }, status: 200 });
  await visit({ module: 'notifications', method: 'PUT', url: '/api/notifications/read', as: studio, payload: { all: true }, status: 200 });
  await visit({ module: 'notifications', method: 'PUT', url: '/api/notifications/read', as: studio, payload: { all: false }, status: 400 });

  // Gallery moderation: the queue by state, a reviewed batch, an image hidden, shown again and removed.
  await visit({ module: 'admin', url: '/api/admin/gallery', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/gallery?status=hidden', as: admin, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: '/api/admin/gallery/review', as: admin, payload: { ids: [uploads[0], uploads[1]] }, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/gallery?status=reviewed', as: admin, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/gallery/${uploads[1]}/hide`, as: admin, payload: { reason: 'Blurred, please upload a sharper photo.' }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/gallery/${uploads[1]}/unhide`, as: admin, payload: { reason: 'A sharper photo came.' }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: '/api/admin/gallery/999999/hide', as: admin, payload: { reason: 'Nothing there.' }, status: 404 });
  await visit({ module: 'admin', method: 'DELETE', url: `/api/admin/gallery/${uploads[1]}`, as: admin, payload: { reason: 'Not the uploader\'s work.' }, status: 200 });

  // The contact inbox: the list and its filters, one message, its state, a reply and a deletion.
  const inbox = json(await visit({ module: 'admin', url: '/api/admin/contact', as: admin, status: 200 })).messages as Array<{ id: number; email: string }>;
  await visit({ module: 'admin', url: '/api/admin/contact?status=new&q=guest', as: admin, status: 200 });
  const visitorMail = inbox.find((m) => m.email === 'visitor@example.test') as { id: number };
  const memberMail = inbox.find((m) => m.email === artist.email) as { id: number };
  await visit({ module: 'admin', url: `/api/admin/contact/${visitorMail.id}`, as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/contact/999999', as: admin, status: 404 });
  await visit({ module: 'admin', method: 'PATCH', url: `/api/admin/contact/${visitorMail.id}`, as: admin, payload: { status: 'read' }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/contact/${visitorMail.id}/reply`, as: admin, payload: { subject: 'Re: Hello', body: 'Thank you for asking.' }, status: 201 });
  await visit({ module: 'admin', method: 'DELETE', url: `/api/admin/contact/${memberMail.id}`, as: admin, payload: { reason: 'Sent twice.' }, status: 200 });

  // Premium: the catalogue and a price, the payments ledger with its filters and as CSV; featured
  // places: the lists, one granted with its promotions and revoked.
  await visit({ module: 'admin', url: '/api/admin/premium/catalogue', as: admin, status: 200 });
  await visit({ module: 'admin', method: 'PUT', url: '/api/admin/premium/catalogue/featured_artist', as: admin, payload: { amountCents: 2900 }, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/premium/payments', as: admin, status: 200 });
  await visit({ module: 'admin', url: `/api/admin/premium/payments?status=completed&productType=featured_artist&q=mara&from=${day(-30)}&to=${day(0)}`, as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/premium/payments.csv', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/featured', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/featured?status=ended&userType=studio', as: admin, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/users/${studio.id}/featured`, as: admin, payload: { days: 30, reason: 'A thank-you for the feedback.', includePromotions: true }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/users/${studio.id}/featured/revoke`, as: admin, payload: { reason: 'Granted by mistake.' }, status: 200 });

  // Instagram promotions: two planned posts of the featured artist promoted, the queue, one
  // rescheduled and rejected (its credit goes back), the other published.
  const promoMedia = json(await visit({ module: 'instagram', method: 'POST', url: '/api/instagram/media', as: artist, form: { fields: {}, image: avatar }, status: 201 })).media as { id: number };
  const promoted: number[] = [];
  for (const caption of ['Flash day', 'Healed work']) {
    const planned = json(await visit({
      module: 'instagram', method: 'POST', url: '/api/instagram/posts', as: artist,
      payload: { type: 'feed_post', caption, hashtags: ['tattoo'], plannedAt, status: 'planned', mediaId: promoMedia.id }, status: 201,
    })).post as { id: number };
    await visit({ module: 'instagram', method: 'POST', url: `/api/instagram/posts/${planned.id}/promotion`, as: artist, payload: { productType: 'instagram_feed_post' }, status: 200 });
    promoted.push(planned.id);
    if (promoted.length === 1) {
      const queue = json(await visit({ module: 'admin', url: '/api/admin/instagram/requests', as: admin, status: 200 })).requests as Array<{ id: number; post: { id: number } }>;
      const request = (queue.find((r) => r.post.id === planned.id) as { id: number }).id;
      await visit({ module: 'admin', method: 'POST', url: `/api/admin/instagram/requests/${request}/reschedule`, as: admin, payload: { plannedAt: new Date(Date.now() + 5 * 86_400_000).toISOString() }, status: 200 });
      await visit({ module: 'admin', method: 'POST', url: `/api/admin/instagram/requests/${request}/reject`, as: admin, payload: { reason: 'The picture is too small.' }, status: 200 });
    } else {
      const queue = json(await visit({ module: 'admin', url: `/api/admin/instagram/requests?status=open&type=instagram_feed_post&from=${day(0)}&to=${day(30)}`, as: admin, status: 200 })).requests as Array<{ id: number; post: { id: number } }>;
      const request = (queue.find((r) => r.post.id === planned.id) as { id: number }).id;
      await visit({ module: 'admin', method: 'POST', url: `/api/admin/instagram/requests/${request}/publish`, as: admin, payload: { permalink: 'https://www.instagram.com/p/TOUR123/' }, status: 200 });
      await visit({ module: 'admin', method: 'POST', url: `/api/admin/instagram/requests/${request}/reject`, as: admin, payload: { reason: 'Too late.' }, status: 409 });
    }
  }
  await visit({ module: 'admin', url: '/api/admin/instagram/requests?status=published', as: admin, status: 200 });

  // City imports: a guest spot in a town not yet listed, a CSV read in the background, its preview,
  // the commit that lists the town and links the spot's typed name; a second file discarded.
  await visit({ module: 'listings', method: 'POST', url: '/api/guest-spots', as: studio, payload: { title: 'Guest spot in Tourstadt', startDate: day(50), endDate: day(60), countryId: germany, cityName: 'Tourstadt Nord', compensation: 'percentage', places: 1 }, status: 201 });
  await visit({ module: 'admin', url: '/api/admin/cities/free-text', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/cities/free-text?countryCode=de', as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/cities/free-text?countryCode=QQ', as: admin, status: 404 });
  const cityCsv = Buffer.from(
    [
      'name,countryCode,latitude,longitude,population,geonameId,name_de,name_en',
      'Tourstadt Nord,DE,53.9,10.1,20000,,Tourstadt Norden,',
      'Tourdorf,DE,53.3,9.7,500,,,',
      'Tourstadt Süd,AT,47.1,13.2,30000,,,Tourstadt South',
      'Bad Latitude,DE,91,9.9,100,,,',
    ].join('\r\n'),
  );
  const cityFile = { data: cityCsv, field: 'file', filename: 'cities.csv', type: 'text/csv' };
  const upload = json(await visit({ module: 'admin', method: 'POST', url: '/api/admin/city-imports', as: admin, form: { fields: {}, file: cityFile }, status: 202 })).importId as number;
  await cityImportReaches(app, upload, 'ready');
  await visit({ module: 'admin', url: `/api/admin/city-imports/${upload}`, as: admin, status: 200 });
  await visit({ module: 'admin', url: '/api/admin/city-imports/999999', as: admin, status: 404 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/city-imports/${upload}/commit`, as: admin, payload: { minPopulation: 1000, countryCodes: ['de'], linkFreeText: true }, status: 202 });
  await cityImportReaches(app, upload, 'done');
  await visit({ module: 'admin', url: `/api/admin/city-imports/${upload}`, as: admin, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: `/api/admin/city-imports/${upload}/commit`, as: admin, payload: {}, status: 409 });
  const discarded = json(await visit({ module: 'admin', method: 'POST', url: '/api/admin/city-imports', as: admin, form: { fields: {}, file: cityFile }, status: 202 })).importId as number;
  await cityImportReaches(app, discarded, 'ready');
  await visit({ module: 'admin', method: 'DELETE', url: `/api/admin/city-imports/${discarded}`, as: admin, status: 200 });
  await visit({ module: 'admin', method: 'DELETE', url: `/api/admin/city-imports/${discarded}`, as: admin, status: 409 });

  // The forum: the categories and a category page, a thread with a picture and a repeat of it,
  // replies with a mention, edits, likes, watching, an answered question, moderation, reports,
  // deletions, the digest, the one-click unsubscribe and the sweep of unattached uploads.
  const forumCategories = json(await visit({ module: 'forum', url: '/api/forum/categories', status: 200, lang: 'de', hot: true })).categories as Array<{ id: number; slug: string }>;
  const travel = (forumCategories.find((c) => c.slug === 'guest-spots-travel') as { id: number }).id;
  const technique = (forumCategories.find((c) => c.slug === 'technique-machines') as { id: number }).id;
  await visit({ module: 'forum', url: '/api/forum/categories/guest-spots-travel/threads', status: 200, hot: true });
  await visit({ module: 'forum', url: '/api/forum/categories/guest-spots-travel/threads?page=9', status: 404 });
  await visit({ module: 'forum', url: '/api/forum/categories/nowhere/threads', status: 404 });
  const forumImage = json(await visit({ module: 'forum', method: 'POST', url: '/api/forum/uploads', as: artist, form: { fields: {}, image: avatar }, status: 201 })).id as number;
  const threadInput = { categoryId: travel, title: 'Guest spot in Hamburg: where to stay?', body: 'Any **tips** for a room near the studio?', imageIds: [forumImage], clientId: '4f1d7c2e-8a3b-4c5d-9e6f-7a8b9c0d1e2f' };
  const forumThread = json(await visit({ module: 'forum', method: 'POST', url: '/api/forum/threads', as: artist, payload: threadInput, status: 201 })).thread as { id: number; openingPostId: number };
  await visit({ module: 'forum', method: 'POST', url: '/api/forum/threads', as: artist, payload: threadInput, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: '/api/forum/threads', as: artist, payload: { ...threadInput, clientId: undefined, title: 'Hi' }, status: 400 });
  await visit({ module: 'forum', url: '/api/forum/threads/latest', status: 200, hot: true });
  await visit({ module: 'forum', url: `/api/forum/threads/${forumThread.id}`, status: 200, hot: true });
  const forumReply = json(await visit({ module: 'forum', method: 'POST', url: `/api/forum/threads/${forumThread.id}/posts`, as: studio, payload: { body: 'Our guest room is free, @Mara-Ink!', replyToPostId: forumThread.openingPostId }, status: 201 })).post as { id: number };
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/threads/${forumThread.id}/posts`, as: admin, payload: { body: 'Welcome to the forum.' }, status: 201 });
  await visit({ module: 'forum', url: `/api/forum/threads/${forumThread.id}?page=1`, as: artist, status: 200 });
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/threads/${forumThread.id}`, as: artist, payload: { title: 'Guest spot in Hamburg: where to stay in May?', body: 'Any tips for May?' }, status: 200 });
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/posts/${forumReply.id}`, as: studio, payload: { body: 'Our guest room is free in May.' }, status: 200 });
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/posts/${forumReply.id}`, as: other, payload: { body: 'Not mine.' }, status: 403 });
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/posts/${forumReply.id}/like`, as: artist, status: 200 });
  await visit({ module: 'forum', method: 'DELETE', url: `/api/forum/posts/${forumReply.id}/like`, as: artist, status: 200 });
  await visit({ module: 'forum', method: 'DELETE', url: `/api/forum/threads/${forumThread.id}/watch`, as: studio, status: 200 });
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/threads/${forumThread.id}/watch`, as: studio, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: '/api/forum/preview', as: artist, payload: { body: '# Preview\n\n[link](https://example.com)' }, status: 200 });
  const question = json(await visit({ module: 'forum', method: 'POST', url: '/api/forum/threads', as: artist, payload: { categoryId: technique, title: 'Which needle for fine script?', body: '1RL or 3RL?' }, status: 201 })).thread as { id: number };
  const answerPost = json(await visit({ module: 'forum', method: 'POST', url: `/api/forum/threads/${question.id}/posts`, as: studio, payload: { body: 'A 3RL bugpin.' }, status: 201 })).post as { id: number };
  await visit({ module: 'forum', method: 'PUT', url: `/api/forum/threads/${question.id}/answer`, as: artist, payload: { postId: answerPost.id }, status: 200 });
  await visit({ module: 'forum', method: 'DELETE', url: `/api/forum/threads/${question.id}/answer`, as: artist, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/threads/${forumThread.id}/moderation`, as: admin, payload: { action: 'pin' }, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/threads/${forumThread.id}/moderation`, as: artist, payload: { action: 'pin' }, status: 403 });
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/posts/${forumReply.id}/moderation`, as: admin, payload: { action: 'hide', reason: 'Advertising.' }, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/posts/${forumReply.id}/moderation`, as: admin, payload: { action: 'unhide' }, status: 200 });
  await visit({ module: 'forum', method: 'DELETE', url: `/api/forum/posts/${answerPost.id}`, as: studio, status: 200 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: artist, payload: { targetType: 'forum_post', targetId: forumReply.id, reason: 'spam' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: studio, payload: { targetType: 'forum_thread', targetId: question.id, reason: 'other' }, status: 201 });
  await visit({ module: 'safety', method: 'POST', url: '/api/reports', as: artist, payload: { targetType: 'forum_thread', targetId: question.id, reason: 'other' }, status: 400 });
  await visit({ module: 'admin', method: 'POST', url: '/api/admin/reports/resolve', as: admin, payload: { targetType: 'forum_post', targetId: forumReply.id, action: 'dismiss', reason: 'Fine.' }, status: 200 });
  await visit({ module: 'admin', method: 'POST', url: '/api/admin/reports/resolve', as: admin, payload: { targetType: 'forum_thread', targetId: question.id, action: 'hide', reason: 'Duplicate question.' }, status: 200 });
  await visit({ module: 'forum', method: 'DELETE', url: `/api/forum/threads/${forumThread.id}`, as: artist, status: 200 });
  await task('forum', 'mail forum digests', () => runDigest(app.ctx, new Date(Date.now() + 2 * 60 * 60_000)));
  await task('forum', 'sweep unattached forum uploads', () => app.services.forum.sweepUploads(new Date(Date.now() + 25 * 60 * 60_000)));
  const forumUnsubscribe = `/api/forum/unsubscribe/${forumUnsubscribeToken(app.ctx.config.sessionSecret, artist.id)}`;
  await visit({ module: 'forum', url: forumUnsubscribe, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: forumUnsubscribe, status: 200 });
  await visit({ module: 'forum', method: 'POST', url: `/api/forum/unsubscribe/${artist.id}.${'A'.repeat(43)}`, status: 400 });
  await visit({ module: 'sitemap', url: '/sitemaps/forum-1.xml', status: 200 });

  // The audit log of all the above, and filtered.
  await visit({ module: 'admin', url: '/api/admin/audit-log', as: admin, status: 200 });
  await visit({ module: 'admin', url: `/api/admin/audit-log?adminId=${admin.id}&action=report.resolve&targetType=message&targetId=${note.id}`, as: admin, status: 200 });

  // The sitemap index, a file of each source, a file that does not exist, and robots.txt.
  await visit({ module: 'sitemap', url: '/sitemap.xml', status: 200 });
  for (const name of ['static', 'profiles', 'guestspots']) await visit({ module: 'sitemap', url: `/sitemaps/${name}-1.xml`, status: 200 });
  // No availability of the tour is public by now: the file's query runs and finds nothing.
  await visit({ module: 'sitemap', url: '/sitemaps/availabilities-1.xml', status: 404 });
  await visit({ module: 'sitemap', url: '/sitemaps/profiles-9.xml', status: 404 });
  await visit({ module: 'sitemap', url: '/robots.txt', status: 200 });

  // Account changes: email, password, forgotten password and reset, deletion.
  await visit({ module: 'auth', method: 'PUT', url: '/api/profile/email', as: studio, payload: { email: 'studio.neu@example.test', password: studio.password }, status: 200 });
  await visit({ module: 'auth', method: 'PUT', url: '/api/profile/email', as: studio, payload: { email: artist.email, password: studio.password }, status: 409 });
  await visit({ module: 'auth', method: 'PUT', url: '/api/profile/password', as: studio, payload: { currentPassword: studio.password, newPassword: 'Neues!Passwort2' }, status: 200 });
  await visit({ module: 'auth', method: 'PUT', url: '/api/profile/password', as: studio, payload: { currentPassword: 'wrong-Passwort1', newPassword: 'Neues!Passwort3' }, status: 400 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.test' }, status: 200 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.email }, status: 200 });
  const token = await resetToken(dataDir, other.email);
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/reset-password', payload: { token: 'a'.repeat(43), password: 'Neues!Passwort2' }, status: 400 });
  await visit({ module: 'auth', method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Neues!Passwort2' }, status: 200 });
  const relogin = await visit({ module: 'auth', method: 'POST', url: '/api/auth/login', payload: { email: other.email, password: 'Neues!Passwort2' }, status: 200 });
  const otherNow = { ...other, cookie: sessionCookie(relogin) };
  await visit({ module: 'auth', method: 'DELETE', url: '/api/profile/account', as: otherNow, payload: { password: 'wrong-Passwort1' }, status: 400 });
  await visit({ module: 'auth', method: 'DELETE', url: '/api/profile/account', as: artist, payload: { password: artist.password }, status: 200 });
  await visit({ module: 'auth', method: 'DELETE', url: '/api/profile/account', as: studio, payload: { password: 'Neues!Passwort2' }, status: 200 });
  // The hourly sweep of expired sessions and spent reset tokens (scheduled by main.ts).
  await task('auth', 'sweep expired sessions and reset tokens', () => app.services.auth.sweepExpired());
  if (wrong.length) throw new Error(`The SQL tour went another way than it expects:\n  ${wrong.join('\n  ')}`);
  return outcomes;
}
