import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from './test/app';
import { createArtist, createStudio, type TestUser } from './test/factories';
import { call, createAvailability, createGuestSpot, day } from './test/listing-factories';
import deErrors from '../common/locales/de/errors.json';
import enErrors from '../common/locales/en/errors.json';
import enServerErrors from '../common/locales/en/serverErrors.json';

const HUGE = '99999999999';

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What an attacker or a broken client sends instead of a proper value. */
const BAD_VALUES: unknown[] = [
  'a\u0000b', '\u0000', 'x\u0007y', '\u001B[31m', '\u007F', '\u0085', HUGE, Number(HUGE), '2147483648', 2147483648, '-1', -1, 0, '0',
  1.5, '1.5', '1e400', '1e3', 'x'.repeat(10_000), '😀'.repeat(600), [], {}, [1, 2], [HUGE], { a: 1 }, null, true, false, '', ' ',
  '%00', '../../etc/passwd', "'; drop table users; --", '\u202Eexe.jpg', '\u200B', 2 ** 53 + 1, '-0', 'NaN', 'null',
];

/** zod's own English wording ("Invalid input: expected object, received array", "Required"...). */
const ZOD_WORDING = /Invalid input|[Ee]xpected [a-z]+, received|\bRequired\b|Too (small|big)|Unrecognized keys?|Invalid (string|option|enum|type|format|key|element|union|date|email address|URL)\b/;

const ERROR_KEYS = new Set([...Object.keys(enErrors), ...Object.keys(enServerErrors)]);
const GENERIC = { de: deErrors.validation, en: enErrors.validation };

/** Every route of the app as `printRoutes` draws it: one line per path segment, methods in brackets. */
function routesOf(app: { printRoutes(opts: { commonPrefix: boolean }): string }): { methods: string[]; url: string }[] {
  const stack: string[] = [];
  const routes: { methods: string[]; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    if (match[3]) routes.push({ methods: match[3].split(', '), url: stack.join('') });
  }
  return routes;
}

describeEachEngine('bad input is answered with 4xx, never 5xx', (engine) => {
  let studio: TestUser;
  let artist: TestUser;
  let spotId: number;
  let availabilityId: number;

  const t = useTestApp(engine, async () => {
    studio = await createStudio(t.app);
    artist = await createArtist(t.app);
    spotId = (await createGuestSpot(t.app, studio)).id;
    availabilityId = (await createAvailability(t.app, artist)).id;
  });

  const expectControlCharacters = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
    expect(res.json(), what).toMatchObject({ success: false, code: 'controlCharacters', error: 'Dieser Text enthält Steuerzeichen (etwa NUL), die nicht erlaubt sind.' });
  };

  it('refuses NUL in every text of a body with 400 in the request language', async () => {
    const cases: [string, 'POST' | 'PUT', string, TestUser | null, Record<string, unknown>][] = [
      ['login email', 'POST', '/api/auth/login', null, { email: 'someone\u0000@example.test', password: 'Sicher!Passwort1' }],
      ['login password', 'POST', '/api/auth/login', null, { email: 'someone@example.test', password: 'Sicher!\u0000' }],
      ['registration', 'POST', '/api/auth/register', null, { email: 'x\u0000@example.test', username: 'nul_user', password: 'Sicher!Passwort1', userType: 'artist' }],
      ['forgot password', 'POST', '/api/auth/forgot-password', null, { email: 'x\u0000@example.test' }],
      ['profile name', 'PUT', `/api/users/${artist.user.id}/profile`, artist, { name: 'Ink\u0000Master' }],
      ['profile bio', 'PUT', `/api/users/${artist.user.id}/profile`, artist, { name: 'Ink Master', bio: 'Hello\u0000' }],
      ['listing title', 'POST', '/api/guest-spots', studio, { title: 'Spot\u0000', startDate: day(1), endDate: day(2) }],
      ['listing edit', 'PUT', `/api/guest-spots/${spotId}`, studio, { description: 'text \u0000 more' }],
      ['availability place', 'POST', '/api/artist-availability', artist, { title: 'Free', startDate: day(1), endDate: day(2), preferredLocation: '\u0000' }],
      ['contact message', 'POST', '/api/contact', null, { name: 'Anna', email: 'anna@example.test', message: 'Hello there\u0000, a message.' }],
      ['other control characters', 'POST', '/api/contact', null, { name: 'Anna\u001B[2J', email: 'anna@example.test', message: 'Hello there, a message.' }],
      ['a key', 'PUT', `/api/guest-spots/${spotId}`, studio, { 'title\u0000': 'x' }],
    ];
    for (const [what, method, url, as, payload] of cases) expectControlCharacters(await call(t.app, method, url, { as, payload, lang: 'de' }), what);

    const fine = await call(t.app, 'POST', '/api/contact', { payload: { name: 'Anna', email: 'anna@example.test', message: 'Line one\n\tLine two\r\nend.' } });
    expect(fine.statusCode).toBe(201);
  });

  it('refuses NUL in a path or query before the database is asked', async () => {
    const urls = [
      '/api/guest-spots?q=ab%00c',
      '/api/artist-availability?q=%00%00%00',
      '/api/guest-spots/by-slug/ab%00c',
      '/api/guest-spots/ab%00c',
      '/api/artist-availability/by-slug/%00',
      '/api/gallery?city=ab%00c',
      '/api/gallery?city=Ber%00lin&country=DE',
      '/api/artists?country=d%00',
      '/api/profile/ab%00c',
      '/api/users/by-username/ab%00c',
      '/api/countries/DE/cities?q=be%00',
      '/api/guest-spots?q%00=x',
      '/api/guest-spots?q=%1B',
    ];
    for (const url of urls) expectControlCharacters(await call(t.app, 'GET', url, { lang: 'de' }), url);
    for (const url of ['/guestspot/ab%00c', '/tattooartist/%00', '/ab%00c', '/de/guestspot/x%00', '/gastplatze/%00', '/guestspots?q=%00']) {
      const res = await call(t.app, 'GET', url);
      expect([400, 404], url).toContain(res.statusCode);
    }
  });

  it('answers 404 for ids past the columns range in paths, 400 in filters and bodies', async () => {
    const notFound: [string, 'GET' | 'PUT' | 'DELETE', TestUser | null][] = [
      [`/api/guest-spots/${HUGE}`, 'GET', null],
      [`/api/guest-spots/${HUGE}`, 'PUT', studio],
      [`/api/guest-spots/${HUGE}`, 'DELETE', studio],
      [`/api/guest-spots/${HUGE}/matches`, 'GET', studio],
      [`/api/guest-spots/2147483648`, 'GET', null],
      [`/api/artist-availability/${HUGE}`, 'GET', null],
      [`/api/artist-availability/${HUGE}`, 'PUT', artist],
      [`/api/artist-availability/${HUGE}/matches`, 'GET', artist],
      [`/api/users/${HUGE}`, 'GET', null],
      [`/api/users/${HUGE}/profile`, 'GET', null],
      [`/api/users/${HUGE}/profile`, 'PUT', artist],
      [`/api/gallery/image/${HUGE}`, 'GET', null],
      [`/guestspot/${HUGE}`, 'GET', null],
      [`/tattooartist/${HUGE}`, 'GET', null],
      [`/${HUGE}`, 'GET', null],
    ];
    for (const [url, method, as] of notFound) {
      const res = await call(t.app, method, url, { as, payload: method === 'PUT' ? { name: 'Name', title: 'Title' } : undefined });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(404);
    }
    // Legacy paths naming a spot by id, and an availability's id address, go to the list when nothing is found.
    for (const url of [`/guestspots/${HUGE}`, `/availability/${HUGE}`, `/tattooartists/${HUGE}`, `/artist-availability/${HUGE}`]) {
      const res = await call(t.app, 'GET', url);
      expect([301, 302, 404], url).toContain(res.statusCode);
    }
    const refused: [string, 'GET' | 'POST' | 'PUT', TestUser | null, unknown?][] = [
      [`/api/guest-spots?studioId=${HUGE}`, 'GET', null],
      [`/api/guest-spots?style=${HUGE}`, 'GET', null],
      [`/api/guest-spots?city=${HUGE}`, 'GET', null],
      [`/api/guest-spots?country=${HUGE}`, 'GET', null],
      [`/api/artist-availability?artistId=${HUGE}`, 'GET', null],
      [`/api/artists?style=${HUGE}&country=${HUGE}`, 'GET', null],
      [`/api/gallery?country=${HUGE}`, 'GET', null],
      [`/api/gallery?city=${HUGE}`, 'GET', null],
      [`/api/gallery?style=${HUGE}`, 'GET', null],
      [`/api/gallery?cursor=${Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', Number(HUGE)])).toString('base64url')}`, 'GET', null],
      [`/api/gallery?cursor=${Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z\u0000', 1])).toString('base64url')}`, 'GET', null],
      ['/api/guest-spots', 'POST', studio, { title: 'Huge', startDate: day(1), endDate: day(2), countryId: HUGE }],
      ['/api/guest-spots', 'POST', studio, { title: 'Huge', startDate: day(1), endDate: day(2), styleIds: [Number(HUGE)] }],
      [`/api/artist-availability/${availabilityId}`, 'PUT', artist, { cityId: Number(HUGE) }],
      [`/api/users/${artist.user.id}/profile`, 'PUT', artist, { name: 'Name', countryId: HUGE, styles: [HUGE] }],
    ];
    for (const [url, method, as, payload] of refused) {
      const res = await call(t.app, method, url, { as, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(400);
    }
  });

  it('refuses display names made only of invisible characters or holding direction overrides', async () => {
    const put = (name: string) => call(t.app, 'PUT', `/api/users/${studio.user.id}/profile`, { as: studio, payload: { name }, lang: 'de' });
    for (const [name, code] of [
      ['\u200B\u200B', 'nameInvisible'],
      ['\u3164', 'nameInvisible'],
      ['\u200D\u2060\u00A0', 'nameInvisible'],
      ['Studio\u202Eoidutz', 'nameBidiControls'],
      ['\u2066Studio\u2069', 'nameBidiControls'],
    ] as const) {
      const res = await put(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toMatchObject({ code, field: 'name' });
      expect(res.json().error).not.toBe(code);
    }
    const ok = await put('Studio Nord \u05E9\u05DC\u05D5\u05DD');
    expect(ok.statusCode).toBe(200);
  });

  it('survives a seeded run of bad values over the listing, profile, contact and reference calls', async () => {
    const next = random(20261123);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const bad = () => pick(BAD_VALUES);
    const segment = () => encodeURIComponent(typeof bad() === 'object' ? JSON.stringify(bad()) : String(bad()));
    const queryOf = (keys: string[]) =>
      keys
        .filter(() => next() < 0.6)
        .map((key) => `${key}=${segment()}`)
        .join('&');
    const bodyOf = (keys: string[], valid: Record<string, unknown>) =>
      Object.fromEntries(keys.map((key) => [key, next() < 0.5 ? bad() : valid[key]]).filter(([, v]) => v !== undefined));

    const listingKeys = ['title', 'description', 'startDate', 'endDate', 'countryId', 'cityId', 'cityName', 'styleIds', 'isActive', 'places', 'compensation', 'compensationDetails', 'requirements', 'preferredLocation'];
    const validListing = { title: 'Fine title', startDate: day(5), endDate: day(9) };
    const profileKeys = ['name', 'bio', 'instagram', 'website', 'gender', 'experience', 'languages', 'country', 'city', 'countryId', 'cityId', 'workstations', 'piercings', 'styles'];
    const listQuery = ['style', 'country', 'city', 'from', 'to', 'q', 'page', 'limit'];
    const calls: (() => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; as?: TestUser; payload?: unknown })[] = [
      () => ({ method: 'GET', url: `/api/guest-spots?${queryOf([...listQuery, 'studioId', 'count'])}` }),
      () => ({ method: 'GET', url: `/api/artist-availability?${queryOf([...listQuery, 'artistId', 'count'])}` }),
      () => ({ method: 'GET', url: `/api/artists?${queryOf(['style', 'country', 'city', 'available', 'page', 'limit'])}` }),
      () => ({ method: 'GET', url: `/api/gallery?${queryOf(['style', 'country', 'city', 'cursor', 'limit'])}` }),
      () => ({ method: 'GET', url: `/api/featured/${pick(['artists', 'studios'])}?${queryOf(['limit'])}` }),
      () => ({ method: 'GET', url: `/api/countries/${segment()}/cities?${queryOf(['q', 'limit'])}` }),
      () => ({ method: 'GET', url: `/api/countries?${queryOf(['lang'])}` }),
      () => ({ method: 'GET', url: `/api/${pick(['guest-spots', 'artist-availability'])}/${segment()}` }),
      () => ({ method: 'GET', url: `/api/${pick(['guest-spots', 'artist-availability'])}/by-slug/${segment()}` }),
      () => ({ method: 'GET', url: `/api/guest-spots/${segment()}/matches`, as: studio }),
      () => ({ method: 'PUT', url: `/api/guest-spots/${pick([segment(), String(spotId)])}`, as: studio, payload: bodyOf(listingKeys, {}) }),
      () => ({ method: 'DELETE', url: `/api/artist-availability/${segment()}`, as: artist }),
      () => ({ method: 'POST', url: '/api/guest-spots', as: studio, payload: bodyOf(listingKeys, validListing) }),
      () => ({ method: 'POST', url: '/api/artist-availability', as: artist, payload: bodyOf(listingKeys, validListing) }),
      () => ({ method: 'PUT', url: `/api/artist-availability/${availabilityId}`, as: artist, payload: bodyOf(listingKeys, {}) }),
      () => ({ method: 'GET', url: `/api/users/${segment()}${pick(['', '/profile'])}` }),
      () => ({ method: 'GET', url: `/api/${pick(['profile', 'users/by-username'])}/${segment()}` }),
      () => ({ method: 'PUT', url: `/api/users/${pick([segment(), String(artist.user.id)])}/profile`, as: artist, payload: bodyOf(profileKeys, { name: 'Fine Name' }) }),
      () => ({ method: 'DELETE', url: `/api/users/${segment()}/delete-image/${segment()}`, as: artist }),
      () => ({ method: 'GET', url: `/api/gallery/image/${segment()}` }),
      () => ({ method: 'POST', url: '/api/contact', payload: bodyOf(['name', 'email', 'subject', 'message'], { name: 'A', email: 'a@example.test', message: 'A fine message.' }) }),
      () => ({ method: 'POST', url: '/api/profile-visits', payload: { profileId: bad() } }),
      () => ({ method: 'GET', url: `/${pick(['guestspot', 'tattooartist', 'artist-availability', 'guestspots', 'guestspots/page', 'de/guestspot', 'gastplatze', 'profile'])}/${segment()}` }),
      () => ({ method: 'GET', url: `/${segment()}` }),
      () => ({ method: pick(['POST', 'PUT'] as const), url: pick(['/api/guest-spots', `/api/users/${artist.user.id}/profile`, '/api/contact']), as: artist, payload: bad() }),
    ];

    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      const request = pick(calls)();
      const payload = request.payload;
      const res = await t.app.inject({
        method: request.method,
        url: request.url,
        // A fresh address each time keeps the per-address limits (contact) out of the way.
        remoteAddress: `10.9.${i % 250}.${Math.floor(i / 250) + 1}`,
        headers: { 'accept-language': 'en', ...(request.as ? { cookie: request.as.cookie } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      if (res.statusCode >= 500) failures.push(`${request.method} ${request.url.slice(0, 160)} ${JSON.stringify(payload)?.slice(0, 160)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  /** A JSON body of any shape, in a language given by Accept-Language or by the app's X-Language header. */
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, opts: { as?: TestUser | null; lang: 'de' | 'en'; signal: 'accept-language' | 'x-language'; from?: string }) =>
    t.app.inject({
      method,
      url,
      remoteAddress: opts.from ?? '10.8.0.1',
      headers: {
        'content-type': 'application/json',
        ...(opts.signal === 'accept-language' ? { 'accept-language': opts.lang } : { 'accept-language': opts.lang === 'de' ? 'en' : 'de', 'x-language': opts.lang }),
        ...(opts.as ? { cookie: opts.as.cookie } : {}),
      },
      payload: JSON.stringify(payload),
    });

  it('answers a body of the wrong shape with the generic text in the request language, never zod\'s wording', async () => {
    const contact = { name: 'Anna', email: 'anna@example.test', message: 'A fine message for you.' };
    const cases: [string, 'POST' | 'PUT' | 'DELETE', string, TestUser | null, unknown, string | undefined][] = [
      ['a list for an object', 'POST', '/api/contact', null, [contact], undefined],
      ['a number for an object', 'POST', '/api/auth/login', null, 5, undefined],
      ['a text for an object', 'PUT', `/api/users/${artist.user.id}/profile`, artist, 'Fine Name', undefined],
      ['a number for a text without a message of its own', 'POST', '/api/contact', null, { ...contact, subject: 5 }, 'subject'],
      ['a number for an optional text', 'DELETE', '/api/profile/account', artist, { password: 'not checked', confirmation: 7 }, 'confirmation'],
      ['a text for a flag', 'PUT', `/api/guest-spots/${spotId}`, studio, { isActive: 'yes' }, 'isActive'],
    ];
    let address = 0;
    for (const [what, method, url, as, payload, field] of cases) {
      for (const lang of ['de', 'en'] as const) {
        for (const signal of ['accept-language', 'x-language'] as const) {
          const res = await send(method, url, payload, { as, lang, signal, from: `10.8.1.${++address}` });
          const label = `${what} (${lang} by ${signal})`;
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.body, label).not.toMatch(ZOD_WORDING);
          const body = res.json<{ code: string; error: string; message: string; field?: string; fields: Record<string, string> }>();
          expect(body, label).toMatchObject({ success: false, code: 'validation', error: GENERIC[lang], message: GENERIC[lang] });
          expect(body.field, label).toBe(field);
          for (const key of Object.values(body.fields)) expect(ERROR_KEYS, `${label}: ${key}`).toContain(key);
        }
      }
    }
  });

  it('answers a wrong-typed field that has its own message with that message in the request language', async () => {
    for (const lang of ['de', 'en'] as const) {
      const res = await send('POST', '/api/auth/login', { email: 5, password: 'Sicher!Passwort1' }, { lang, signal: 'accept-language', from: `10.8.2.${lang === 'de' ? 1 : 2}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'requiredFields', field: 'email', error: (lang === 'de' ? deErrors : enErrors).requiredFields });
    }
  });

  it('never answers zod\'s wording, whatever shape a body of any route has', async () => {
    // Wrong types under the names the forms use: each schema meets a value it does not take.
    const names = [
      'email', 'password', 'currentPassword', 'newPassword', 'confirmation', 'username', 'userType', 'token', 'name', 'bio', 'title',
      'description', 'startDate', 'endDate', 'countryId', 'cityId', 'cityName', 'styleIds', 'styles', 'isActive', 'places', 'message',
      'subject', 'text', 'rating', 'comment', 'reason', 'profileId', 'recipientId', 'imageType', 'caption', 'order', 'ids', 'productType',
      'orderId', 'postId', 'plannedAt', 'hashtags', 'type', 'status', 'mediaId', 'returnPath', 'language', 'emailNotifications', 'instagram',
    ];
    const everyField = (value: unknown) => Object.fromEntries(names.map((name) => [name, value]));
    const bodies: unknown[] = [[], [{}], 5, 'text', null, true, {}, everyField(5), everyField([]), everyField({ a: 1 }), everyField(true), everyField('x')];
    const idOf = (url: string, as: TestUser) => {
      if (url.startsWith('/api/users/')) return String(as.user.id);
      if (url.startsWith('/api/guest-spots/')) return String(spotId);
      if (url.startsWith('/api/artist-availability/')) return String(availabilityId);
      return '1';
    };
    // Logging out and deleting the account would end the sessions the rest of the run needs.
    const skipped = new Set(['POST /api/auth/logout', 'DELETE /api/profile/account']);
    const routes = routesOf(t.app).flatMap(({ methods, url }) =>
      methods.filter((m): m is 'POST' | 'PUT' | 'DELETE' => ['POST', 'PUT', 'DELETE'].includes(m) && !skipped.has(`${m} ${url}`)).map((method) => ({ method, url })),
    );
    expect(routes.length).toBeGreaterThan(30);

    const leaks: string[] = [];
    let i = 0;
    for (const { method, url } of routes) {
      for (const as of [null, artist, studio]) {
        for (const payload of method === 'DELETE' ? [bodies[7]] : bodies) {
          const lang = i % 2 === 0 ? 'de' : 'en';
          const concrete = as ? url.replace(/:\w+/g, (param) => (param === ':id' ? idOf(url, as) : '1')) : url.replace(/:\w+/g, '1');
          const res = await send(method, concrete, payload, { as, lang, signal: 'accept-language', from: `10.7.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` });
          i++;
          const where = `${method} ${concrete} as ${as?.user.userType ?? 'visitor'} with ${JSON.stringify(payload).slice(0, 60)}`;
          if (ZOD_WORDING.test(res.body)) leaks.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 500) leaks.push(`${where} -> ${res.statusCode}`);
          if (res.statusCode === 400 && res.headers['content-type']?.toString().includes('json')) {
            const body = res.json<{ code?: string; error?: string; fields?: Record<string, string> }>();
            if (body.error === body.code) leaks.push(`${where} -> untranslated ${body.code}`);
            for (const key of Object.values(body.fields ?? {})) if (!ERROR_KEYS.has(key)) leaks.push(`${where} -> field text ${key}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
