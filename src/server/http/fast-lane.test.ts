import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createArtist, createStudio, type TestUser } from '../test/factories';
import { call, createGuestSpot, makeAdmin } from '../test/listing-factories';

// The fast lane sits in front of Fastify, so these tests talk to a listening server, not inject.
describeEachEngine('fast lane for visitors\' hot reads', (engine) => {
  let studio: TestUser;
  let spotId = 0;
  let base = '';
  const t = useTestApp(engine, async ({ app }) => {
    studio = await createStudio(app, { username: 'Lane Studio' });
    spotId = (await createGuestSpot(app, studio, { title: 'First Title Residency' })).id;
    // Its event clears the lists when delivered; delivered now, it cannot fall between two reads.
    await app.ctx.outbox.drain();
  });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'accept-language': 'en', ...headers } });

  it('answers a repeated visitor read from memory with the same bytes and headers, 304 and br included', async () => {
    const first = await get('/api/guest-spots', { 'accept-encoding': 'identity' });
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(t.app.fastLane.size).toBeGreaterThan(0);
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    const second = await get('/api/guest-spots', { 'accept-encoding': 'identity' });
    expect(serve.mock.results.at(-1)?.value, 'answered by the fast lane').toBe(true);
    expect(await second.text()).toBe(firstBody);
    for (const name of ['etag', 'cache-control', 'vary', 'content-type', 'content-security-policy', 'x-content-type-options']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    const revalidated = await get('/api/guest-spots', { 'if-none-match': String(first.headers.get('etag')) });
    expect(revalidated.status).toBe(304);
    // The styles are large enough to be kept compressed; fetch decodes br itself.
    const plainStyles = await (await get('/api/styles', { 'accept-encoding': 'identity' })).text();
    const compressed = await get('/api/styles', { 'accept-encoding': 'br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(plainStyles);
  });

  it('makes a compressed form the first time a client takes it, then serves it from memory', async () => {
    // The styles in Portuguese, asked by no other test: large enough to compress.
    const plain = await get('/api/styles', { 'accept-language': 'pt', 'accept-encoding': 'identity' });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    // Kept plain only: the lane leaves the first br request to the pipeline, which makes br.
    const first = await get('/api/styles', { 'accept-language': 'pt', 'accept-encoding': 'br' });
    expect(serve.mock.results.at(-1)?.value).toBe(false);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(await first.text()).toBe(text);
    const again = await get('/api/styles', { 'accept-language': 'pt', 'accept-encoding': 'gzip, br' });
    expect(serve.mock.results.at(-1)?.value, 'answered by the fast lane').toBe(true);
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(again.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(await again.text()).toBe(text);
    const gzip = await get('/api/styles', { 'accept-language': 'pt', 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(text);
  });

  it('never serves a stale answer: a committed write clears it at once', async () => {
    expect(await (await get('/api/guest-spots')).text()).toContain('First Title Residency');
    expect(await (await get('/api/guest-spots')).text()).toContain('First Title Residency');
    const edit = await call(t.app, 'PUT', `/api/guest-spots/${spotId}`, { as: studio, payload: { title: 'Second Title Residency' } });
    expect(edit.statusCode).toBe(200);
    const after = await (await get('/api/guest-spots')).text();
    expect(after).toContain('Second Title Residency');
    expect(after).not.toContain('First Title Residency');
  });

  it('keeps languages apart and leaves requests with cookies to the full pipeline', async () => {
    await get('/api/styles', { 'accept-language': 'de' });
    const english = await (await get('/api/styles', { 'accept-language': 'en' })).text();
    const german = await (await get('/api/styles', { 'accept-language': 'de' })).text();
    expect(await (await get('/api/styles', { 'accept-language': 'en' })).text()).toBe(english);
    expect(await (await get('/api/styles', { 'accept-language': 'de' })).text()).toBe(german);
    // The owner sees their own profile, with their e-mail, even after visitors' reads were remembered.
    const path = `/api/profile/${encodeURIComponent('Lane-Studio')}`;
    await get(path);
    await get(path);
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    const own = await (await get(path, { cookie: studio.cookie })).json() as { user: { email?: string } };
    expect(serve.mock.results.at(-1)?.value).toBe(false);
    expect(own.user.email).toBe(studio.email);
  });

  it('answers bad input through the pipeline as before', async () => {
    const bad = await get('/api/guest-spots?page=0');
    expect(bad.status).toBe(400);
    expect(await get('/api/guest-spots?page=%00')).toHaveProperty('status', 400);
  });
});

describeEachEngine('fast lane for logged-in readers', (engine) => {
  let studio: TestUser;
  let artist: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let spot: { id: number; slug: string };
  let base = '';
  const t = useTestApp(engine, async ({ app }) => {
    studio = await createStudio(app, { username: 'Member Lane Studio' });
    artist = await createArtist(app);
    other = await createArtist(app);
    admin = await makeAdmin(app, await createArtist(app));
    spot = await createGuestSpot(app, studio, { title: 'Members Lane Residency' });
  });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const get = (path: string, as?: TestUser) => fetch(base + path, { headers: { 'accept-language': 'en', 'accept-encoding': 'identity', ...(as ? { cookie: as.cookie } : {}) } });
  /** Reads twice and answers whether the second read came from the fast lane, with both bodies. */
  async function twice(path: string, as?: TestUser) {
    // Events of earlier writes clear answers when delivered; a delivery between the two reads
    // would send the second down the pipeline.
    await t.app.ctx.outbox.drain();
    const first = await (await get(path, as)).text();
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    const second = await get(path, as);
    const fromLane = serve.mock.results.at(-1)?.value as boolean;
    serve.mockRestore();
    return { first, second: await second.text(), fromLane, headers: second.headers };
  }

  it('serves a reader\'s repeated read from memory, marks them active and replays no cookie', async () => {
    const touch = vi.spyOn(t.app.services.events.presence, 'touch');
    const read = await twice('/api/guest-spots', artist);
    expect(read.fromLane, 'second read from the fast lane').toBe(true);
    expect(read.second).toBe(read.first);
    expect(read.headers.get('set-cookie')).toBeNull();
    expect(read.headers.get('etag')).toBeTruthy();
    expect(touch.mock.calls.at(-1)?.[0]).toBe(artist.user.id);
    touch.mockRestore();
  });

  it('gives another reader the pipeline first, then the lane', async () => {
    await get('/api/styles', artist);
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    const first = await get('/api/styles', other);
    expect(serve.mock.results.at(-1)?.value, 'a reader the pipeline has not answered').toBe(false);
    expect(first.status).toBe(200);
    serve.mockRestore();
    expect((await twice('/api/styles', other)).fromLane).toBe(true);
  });

  it('never serves an owner or an admin from the lane, even after others were', async () => {
    const path = `/api/profile/${encodeURIComponent('Member-Lane-Studio')}`;
    expect((await twice(path, artist)).fromLane).toBe(true);
    const own = await twice(path, studio);
    expect(own.fromLane).toBe(false);
    expect((JSON.parse(own.second) as { user: { email?: string } }).user.email).toBe(studio.email);
    expect((JSON.parse((await twice(path, artist)).second) as { user: { email?: string } }).user.email).toBeUndefined();
    const asAdmin = await twice(path, admin);
    expect(asAdmin.fromLane).toBe(false);
  });

  it('shows an artist who applied their own spot answer at once, not the kept one', async () => {
    const path = `/api/guest-spots/by-slug/${spot.slug}`;
    const before = await twice(path, artist);
    expect(before.fromLane).toBe(true);
    expect(JSON.parse(before.second)).toMatchObject({ hasApplied: false });
    const applied = await call(t.app, 'POST', `/api/guest-spots/${spot.id}/apply`, { as: artist, payload: {} });
    expect(applied.statusCode).toBe(201);
    const after = await twice(path, artist);
    expect(JSON.parse(after.first)).toMatchObject({ hasApplied: true });
    expect(JSON.parse(after.second)).toMatchObject({ hasApplied: true });
    expect(JSON.parse((await twice(path, other)).second)).toMatchObject({ hasApplied: false });
  });

  it('stops serving a session at logout, in this process and from the cookie it had', async () => {
    const reader = await createArtist(t.app);
    expect((await twice('/api/featured/artists?limit=5', reader)).fromLane).toBe(true);
    const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie: reader.cookie } });
    expect(out.status).toBeLessThan(300);
    const serve = vi.spyOn(t.app.fastLane, 'serve');
    expect(await (await get('/api/auth/check', reader)).json()).toMatchObject({ authenticated: false });
    await get('/api/featured/artists?limit=5', reader);
    expect(serve.mock.results.at(-1)?.value, 'an ended session is not served from the lane').toBe(false);
    serve.mockRestore();
  });
});
