import { afterEach, expect, it, vi } from 'vitest';
import { createTestApp, describeEachEngine, useTestApp } from '../../test/app';
import { CHECK_TIMEOUT_MS } from './index';

const ALL_OK = { database: 'ok', storage: 'ok', events: 'ok', rateLimits: 'ok' };

describeEachEngine('health: liveness and readiness', (engine) => {
  const t = useTestApp(engine);
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

  it('answers liveness with ok and nothing else', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness with every check ok, on both paths', async () => {
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: ALL_OK });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await get(url, 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    }
  });

  it('knows no other method', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: { origin: 'http://localhost:3000' }, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('ignores a query string', async () => {
    const ready = await get('/api/health/ready?probe=1&x[]=2');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: ALL_OK });
    expect((await get('/api/health/live?cache=bust')).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with the failing check named and no cause when storage fails', async () => {
    vi.spyOn(t.app.ctx.storage, 'ping').mockRejectedValue(new Error('EACCES: permission denied, /secret/path'));
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { ...ALL_OK, storage: 'failing' } });
    expect(res.body).not.toContain('EACCES');
    // The process still runs: liveness stays ok.
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });

  it('answers 503 when the rate-limit store or the event bus fails', async () => {
    vi.spyOn(t.app.ctx.rateLimits, 'ping').mockRejectedValue(new Error('ECONNREFUSED'));
    const limits = await get('/api/health');
    expect(limits.statusCode).toBe(503);
    expect(limits.json().checks).toEqual({ ...ALL_OK, rateLimits: 'failing' });
    vi.restoreAllMocks();

    vi.spyOn(t.app.ctx.events, 'healthy').mockReturnValue(false);
    const events = await get('/api/health/ready');
    expect(events.statusCode).toBe(503);
    expect(events.json().checks).toEqual({ ...ALL_OK, events: 'failing' });
    vi.restoreAllMocks();

    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('counts a check that does not answer in time as failing, and never hangs', async () => {
    vi.spyOn(t.app.ctx.storage, 'ping').mockReturnValue(new Promise<void>(() => undefined));
    const started = Date.now();
    const res = await get('/api/health/ready');
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.storage).toBe('failing');
    expect(took).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
  });

  it('shares one round of checks between parallel requests', async () => {
    const ping = vi.spyOn(t.app.ctx.rateLimits, 'ping');
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/api/health/ready')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(ping.mock.calls.length).toBeLessThan(5);
  });

  it('keeps /metrics off the public port', async () => {
    for (const url of ['/metrics', '/api/metrics']) expect((await get(url)).statusCode).toBe(404);
  });
});

describeEachEngine('health: a database that is gone', (engine) => {
  it('reports the database failing, and the process alive', async () => {
    const t = await createTestApp(engine);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      const destroy = t.app.ctx.db.destroy.bind(t.app.ctx.db);
      await destroy();
      // Closing the app destroys it again; once is enough.
      vi.spyOn(t.app.ctx.db, 'destroy').mockResolvedValue(undefined);
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      // On PostgreSQL the rate limits may live in the same database and fail with it.
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failing', storage: 'ok' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    } finally {
      await t.close();
      vi.restoreAllMocks();
    }
  });
});
