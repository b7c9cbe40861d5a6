import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from './test/app';
import { createArtist, createStudio, type TestUser } from './test/factories';
import { call, createAvailability, createGuestSpot, day } from './test/listing-factories';

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
});
