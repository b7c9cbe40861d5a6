import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { createPeerApp, describeEachEngine, engines, useTestApp } from '../../test/app';
import { createArtist, createStudio, sessionCookie, type TestUser } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { describeWith, postgresHint, servicesRequired } from '../../test/services';

type Json = Record<string, unknown>;

describeEachEngine('answers as bytes', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { studio: 'studio', other: 'studio', artist: 'artist' });
  let spot: GuestSpot;

  beforeAll(async () => {
    spot = await createGuestSpot(t.app, people.studio, { title: 'Cached spot' });
  });

  const get = (url: string, headers: Record<string, string> = {}, as?: TestUser | null) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers, ...(as ? { cookie: as.cookie } : {}) } });
  /** Renames a row behind the services' back: a cached answer keeps the old text, a fresh one shows the new. */
  const renameSpot = (title: string) => t.app.ctx.db.updateTable('guest_spots').set({ title }).where('id', '=', spot.id).execute();
  const renameUser = (u: TestUser, name: string) => t.app.ctx.db.updateTable('users').set({ name }).where('id', '=', u.user.id).execute();
  const listTitle = async () => ((await get('/api/guest-spots')).json() as { items: GuestSpot[] }).items.find((s) => s.id === spot.id)?.title;

  it('sends a stored answer with a strong ETag, 304 when the client has it, and its br and gzip forms', async () => {
    const plain = await get('/api/styles');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('private, max-age=3600');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");

    const br = await get('/api/styles', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/api/styles', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const again = await get('/api/styles', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/styles', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/styles', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another language is another answer.
    expect((await get('/api/styles', { 'accept-language': 'de' })).headers.etag).not.toBe(etag);
  });

  it('answers every read of item 1 from stored bytes, the same as a fresh one', async () => {
    for (const url of ['/api/featured/artists?limit=5', '/api/countries', '/api/guest-spots', `/api/guest-spots/by-slug/${spot.slug}`, `/api/profile/${people.studio.user.username}`, '/api/gallery', '/api/artists']) {
      const first = await get(url);
      const second = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toBeDefined();
      expect(second.headers.etag, url).toBe(first.headers.etag);
      // Small answers go as they are; larger ones in their stored br form.
      const text = second.headers['content-encoding'] === 'br' ? brotliDecompressSync(second.rawPayload).toString() : second.body;
      expect(text, url).toBe(first.body);
      expect((await get(url, { 'if-none-match': first.headers.etag as string })).statusCode, url).toBe(304);
    }
  });

  it('never shows a logged-in viewer another viewer’s fields, whoever read first', async () => {
    const readers: (TestUser | null)[] = [null, people.studio, people.other, null, people.other, people.studio, people.artist];
    for (const as of readers) {
      const list = (await get('/api/guest-spots', {}, as)).json() as { items: GuestSpot[] };
      const mine = as?.user.id === people.studio.user.id;
      expect(list.items.find((s) => s.id === spot.id)?.can, String(as?.user.id)).toEqual({ edit: mine, delete: mine });
      const detail = (await get(`/api/guest-spots/by-slug/${spot.slug}`, {}, as)).json() as GuestSpot & { hasApplied: boolean };
      expect(detail.can).toEqual({ edit: mine, delete: mine });
      expect(detail.hasApplied).toBe(false);
      const profile = (await get(`/api/profile/${people.studio.user.username}`, {}, as)).json() as { user: Json };
      expect(profile.user.email, String(as?.user.id)).toBe(mine ? people.studio.email : undefined);
      expect(profile.user.can).toEqual({ edit: mine, delete: mine });
    }
    // An application is the artist's own: spliced onto the stored text for them, nobody else.
    expect((await call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: people.artist, payload: {} })).statusCode).toBe(201);
    const fresh = (await get(`/api/guest-spots/${spot.id}`, {}, people.artist)).json() as Json;
    const mine = await get(`/api/guest-spots/by-slug/${spot.slug}`, { 'accept-encoding': 'br' }, people.artist);
    const theirs = (await get(`/api/guest-spots/by-slug/${spot.slug}`)).json() as Json;
    const body = JSON.parse(mine.headers['content-encoding'] === 'br' ? brotliDecompressSync(mine.rawPayload).toString() : mine.body) as Json;
    expect(body).toEqual(fresh);
    expect(Object.keys(body)).toEqual(Object.keys(fresh));
    expect(body.hasApplied).toBe(true);
    expect(mine.headers.etag).toBeUndefined();
    expect(theirs.hasApplied).toBe(false);
  });

  it('clears exactly what a write changed, after it committed', async () => {
    await renameSpot('Cached spot');
    const other = await createGuestSpot(t.app, people.studio, { title: 'Untouched spot' });
    // The writes' events clear their tags again when delivered: delivered before the caches fill.
    await t.app.ctx.outbox.drain();
    const profileOf = async (u: TestUser) => ((await get(`/api/profile/${u.user.username}`)).json() as { user: { name: string } }).user.name;
    const detail = async (s: GuestSpot) => ((await get(`/api/guest-spots/by-slug/${s.slug}`)).json() as GuestSpot).title;
    // Fill the caches, then change rows behind their back.
    await Promise.all([listTitle(), profileOf(people.artist), detail(other), detail(spot)]);
    await renameUser(people.artist, 'Renamed behind the back');
    await t.app.ctx.db.updateTable('guest_spots').set({ title: 'Renamed other' }).where('id', '=', other.id).execute();
    // An edit of the spot through the API clears the spot and the lists, not the artist's profile nor another spot.
    expect((await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: people.studio, payload: { title: 'Edited spot' } })).statusCode).toBe(200);
    expect(await listTitle()).toBe('Edited spot');
    expect(await detail(spot)).toBe('Edited spot');
    expect(await profileOf(people.artist)).not.toBe('Renamed behind the back');
    expect(await detail(other)).toBe('Untouched spot');
    // A profile edit clears that profile and the list pages showing its owner.
    const before = await listTitle();
    expect(before).toBe('Edited spot');
    await renameSpot('Stale title');
    const res = await call(t.app, 'PUT', `/api/users/${people.studio.user.id}/profile`, { as: people.studio, payload: { name: 'Studio Neu' } });
    expect(res.statusCode).toBe(200);
    expect(((await get('/api/guest-spots')).json() as { items: GuestSpot[] }).items.find((s) => s.id === spot.id)).toMatchObject({
      title: 'Stale title',
      studio: { name: 'Studio Neu' },
    });
    expect(await profileOf(people.studio)).toBe('Studio Neu');
  });

  it('keeps every cached answer when a request is refused', async () => {
    await renameSpot('Kept');
    await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: people.studio, payload: { title: 'Kept' } });
    await t.app.ctx.outbox.drain();
    expect(await listTitle()).toBe('Kept');
    await renameSpot('Never shown');
    const refused = [
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody' } }),
      await t.app.inject({ method: 'POST', url: '/api/no-such-thing', payload: {} }),
      await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: people.other, payload: { title: 'Not theirs' } }),
      await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: null, payload: { title: 'Visitor' } }),
      await call(t.app, 'DELETE', `/api/guest-spots/999999`, { as: people.studio }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 404, 403, 401, 404]);
    expect(await listTitle()).toBe('Kept');
  });
});

describeEachEngine('cached sessions', (engine) => {
  const t = useTestApp(engine);

  it('answers a cookie from the cache and forgets it on logout and password change', async () => {
    const user = await createArtist(t.app);
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me(user.cookie)).statusCode).toBe(200);
    const second = sessionCookie(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } }));
    expect((await me(second)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'Neues!Passwort2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});

// PostgreSQL runs where the suite promises it (CI), and fails loudly there when it is missing.
const postgres = { what: 'PostgreSQL (TEST_DATABASE_URL)', available: engines.includes('postgres'), required: servicesRequired, hint: postgresHint };

describeWith(postgres, 'across processes [postgres]', () => {
  const t = useTestApp('postgres');
  let peer: FastifyInstance;
  beforeAll(async () => {
    peer = await createPeerApp(t);
    await Promise.all([t.app.ctx.invalidation.ready(), peer.ctx.invalidation.ready()]);
  });
  afterAll(async () => {
    await peer.close();
  });

  it('shows a write through one process in another within a second', async () => {
    const studio = await createStudio(t.app);
    const spot = await createGuestSpot(t.app, studio, { title: 'Before' });
    const title = async () => ((await peer.inject({ method: 'GET', url: `/api/guest-spots/by-slug/${spot.slug}` })).json() as GuestSpot).title;
    expect(await title()).toBe('Before');
    const listed = async () => ((await peer.inject({ method: 'GET', url: '/api/guest-spots' })).json() as { items: GuestSpot[] }).items.map((s) => s.title);
    expect(await listed()).toContain('Before');
    const start = Date.now();
    expect((await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { title: 'After' } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await title()).toBe('After'), { timeout: 1000, interval: 20 });
    await vi.waitFor(async () => expect(await listed()).toContain('After'), { timeout: 1000, interval: 20 });
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('ends a session in every process on logout and password change', async () => {
    const user = await createArtist(t.app);
    const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const second = sessionCookie(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } }));
    expect((await me(peer, user.cookie)).statusCode).toBe(200);
    expect((await me(peer, second)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'Neues!Passwort2' },
    });
    await vi.waitFor(async () => expect((await me(peer, second)).statusCode).toBe(401), { timeout: 1000, interval: 20 });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    await vi.waitFor(async () => expect((await me(peer, user.cookie)).statusCode).toBe(401), { timeout: 1000, interval: 20 });
  });
});
