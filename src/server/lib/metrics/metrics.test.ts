import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { withUploads } from '../../http/multipart';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { createDb, migrateToLatest } from '../../db/index';
import { scheduleJob } from '../jobs';
import { createMemoryEventBus } from '../events/memory';
import { describeEachEngine, useTestApp } from '../../test/app';
import { listenOnFreePort } from '../../test/event-stream';
import { createArtist } from '../../test/factories';
import { countBusEvents, Metrics, registerMetrics } from './index';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and type lines skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, '$1');
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(metrics: Metrics): Promise<{ status: number; type: string; samples: Sample[] }> {
  const at = metrics.address;
  if (!at) throw new Error('the metrics listener is not up');
  const res = await fetch(`http://127.0.0.1:${at.port}/metrics`);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', samples: res.ok ? parseExposition(text) : [] };
}

describeEachEngine('metrics on their own listener', (engine) => {
  const t = useTestApp(engine, undefined, { METRICS_PORT: '0' });

  it('serves the Prometheus text with the app, process and pool metrics', async () => {
    const { status, type, samples } = await scrape(t.app.ctx.metrics);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'tgs_http_requests_in_flight',
      'tgs_live_streams_open',
      'tgs_bus_events_published_total',
      'tgs_bus_events_received_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'tgs_heap_kept_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    const pool = ['tgs_db_pool_in_use', 'tgs_db_pool_idle', 'tgs_db_pool_waiting'];
    // SQLite has no pool; PostgreSQL's is read at each scrape.
    for (const name of pool) expect(names.has(name), name).toBe(engine === 'postgres');
  });

  it('counts requests by route pattern and status class, never by URL', async () => {
    const labels = { method: 'GET', route: '/api/health/live', status: '2xx' };
    const before = valueOf((await scrape(t.app.ctx.metrics)).samples, 'tgs_http_request_duration_seconds_count', labels) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/health/live?n=${i}` })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/profiles/no-such-profile-anywhere' });
    const { samples } = await scrape(t.app.ctx.metrics);
    expect(valueOf(samples, 'tgs_http_request_duration_seconds_count', labels)).toBe(before + 3);
    const routes = new Set(samples.filter((s) => s.name === 'tgs_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].some((r) => r?.includes('no-such-profile'))).toBe(false);
    expect(valueOf(samples, 'tgs_http_requests_in_flight')).toBe(0);
  });

  it('counts in-flight requests back to zero over real connections', async () => {
    const base = await listenOnFreePort(t.app);
    await Promise.all(Array.from({ length: 4 }, () => fetch(`${base}/api/health/ready`).then((r) => r.text())));
    const { samples } = await scrape(t.app.ctx.metrics);
    expect(valueOf(samples, 'tgs_http_requests_in_flight')).toBe(0);
    expect(valueOf(samples, 'tgs_http_request_duration_seconds_count', { route: '/api/health/ready' })).toBeGreaterThanOrEqual(4);
  });

  it('counts payment captures by the outcome the provider answered', async () => {
    const before = valueOf((await scrape(t.app.ctx.metrics)).samples, 'tgs_payment_captures_total', { outcome: 'completed' }) ?? 0;
    const buyer = await createArtist(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create-order', headers: { cookie: buyer.cookie }, payload: { productType: 'featured_artist' } });
    expect(created.statusCode).toBe(201);
    const url = `/api/payments/test-provider/orders/${created.json().orderId}`;
    const approved = await t.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie }, payload: { action: 'approve' } });
    expect(approved.json().status).toBe('completed');
    const { samples } = await scrape(t.app.ctx.metrics);
    expect(valueOf(samples, 'tgs_payment_captures_total', { outcome: 'completed' })).toBe(before + 1);
  });

  it('answers nothing but GET and HEAD /metrics on the metrics port, and 404 for /metrics on the public one', async () => {
    const at = t.app.ctx.metrics.address;
    const base = `http://127.0.0.1:${at?.port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

// The config keeps a generated session secret in its data folder.
const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-metrics-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('metrics config', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' };

  it('is off by default, on loopback when a port is named', () => {
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
  });

  it('refuses a bad port and the public port', () => {
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nine' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });

  it('drains 5 s in production and not at all elsewhere unless told', () => {
    expect(loadConfig(base).shutdownDrainMs).toBe(0);
    const production = { ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.test' };
    expect(loadConfig(production).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '250' }).shutdownDrainMs).toBe(250);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '1.5' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '600000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe('what the metrics count', () => {
  async function render(metrics: Metrics): Promise<Sample[]> {
    return parseExposition(await metrics.registry.metrics());
  }

  it('counts refusals with 429 and upload answers by route', async () => {
    const metrics = new Metrics();
    const app = Fastify({ logger: false });
    registerMetrics(app, metrics, null);
    app.get('/limited/:id', async (_request, reply) => reply.status(429).send({ error: 'slow down' }));
    await withUploads(app, (scope) => {
      scope.post('/upload', async (request) => {
        for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
        return { ok: true };
      });
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/limited/7' });
    await app.inject({ method: 'GET', url: '/limited/8' });
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`;
    const upload = await app.inject({ method: 'POST', url: '/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(upload.statusCode).toBe(200);
    await app.close();
    const samples = await render(metrics);
    expect(valueOf(samples, 'tgs_rate_limit_refusals_total', { route: '/limited/:id' })).toBe(2);
    expect(valueOf(samples, 'tgs_uploads_total', { route: '/upload', status: '2xx' })).toBe(1);
    expect(valueOf(samples, 'tgs_uploads_total', { route: '/limited/:id' })).toBeUndefined();
  });

  it('counts publications, deliveries and open streams on the bus, and passes the rest through', async () => {
    const metrics = new Metrics();
    const bus = countBusEvents(createMemoryEventBus({ warn: () => undefined, error: () => undefined }), metrics);
    const seen: unknown[] = [];
    const off = bus.subscribe(1, (event) => seen.push(event));
    bus.subscribe(2, () => undefined)();
    bus.publish([1], { type: 'unread.count', count: 1 });
    bus.publish([3], { type: 'unread.count', count: 1 });
    expect(seen).toHaveLength(1);
    expect(bus.healthy()).toBe(true);
    let samples = await render(metrics);
    expect(valueOf(samples, 'tgs_bus_events_published_total')).toBe(2);
    expect(valueOf(samples, 'tgs_bus_events_received_total')).toBe(1);
    expect(valueOf(samples, 'tgs_live_streams_open')).toBe(1);
    off();
    off();
    samples = await render(metrics);
    expect(valueOf(samples, 'tgs_live_streams_open')).toBe(0);
    await bus.close();
  });

  it('counts job runs by job and outcome', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: '0', DATABASE_URL: 'sqlite::memory:' });
    const db = createDb(config.database);
    await migrateToLatest(db);
    const app = await buildApp(config, { db });
    let runs = 0;
    scheduleJob(app, { name: 'counted', everyMs: 20, run: async () => void runs++ });
    scheduleJob(app, { name: 'broken', everyMs: 20, run: async () => Promise.reject(new Error('no')) });
    await app.ready();
    await expect.poll(() => runs).toBeGreaterThan(1);
    const samples = await render(app.ctx.metrics);
    await app.close();
    expect(valueOf(samples, 'tgs_job_runs_total', { job: 'counted', outcome: 'ok' })).toBeGreaterThan(1);
    expect(valueOf(samples, 'tgs_job_runs_total', { job: 'broken', outcome: 'failed' })).toBeGreaterThan(0);
  });
});
