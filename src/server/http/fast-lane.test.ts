import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachEngine, useTestApp } from '../test/app';
import { createStudio, type TestUser } from '../test/factories';
import { call, createGuestSpot } from '../test/listing-factories';

// The fast lane sits in front of Fastify, so these tests talk to a listening server, not inject.
describeEachEngine('fast lane for visitors\' hot reads', (engine) => {
  let studio: TestUser;
  let spotId = 0;
  let base = '';
  const t = useTestApp(engine, async ({ app }) => {
    studio = await createStudio(app, { username: 'Lane Studio' });
    spotId = (await createGuestSpot(app, studio, { title: 'First Title Residency' })).id;
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
