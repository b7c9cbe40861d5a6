import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, haproxyAvailable, ROUTE_COOKIE, startBalanced, type Balanced, type ServerName } from '../scripts/balanced-servers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { describeReport, httpTarget, runFuzz } from '../src/server/test/fuzz/index';
import { launch } from './browser';

/**
 * Two server processes on one PostgreSQL database behind HAProxy, once with live events over
 * PostgreSQL LISTEN/NOTIFY and once over Redis: what one process writes, a browser held by the
 * other sees live; sessions, limits and prices are shared; a process told to stop drains
 * without failing a request.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'PostgreSQL (TEST_DATABASE_URL)', !haproxyAvailable() && 'HAProxy (apt-get install haproxy)'].filter(Boolean);
if (missing.length) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n!! TWO-PROCESS TESTS SKIPPED: missing ${missing.join(' and ')}.\n${line}\n`);
  if (process.env.TEST_REQUIRE_SERVICES === '1') throw new Error(`the two-process tests need ${missing.join(' and ')}`);
}
const PASSWORD = 'Ink-and-paper-2026';
const LIVE_MS = 2_000;

interface Person {
  id: number;
  username: string;
  email: string;
  cookie: string;
}

/** A message of the open thread with a text. */
const bubble = (page: Page, text: string) => page.locator('main ol > li', { hasText: text });

function sessionOf(res: globalThis.Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('tgs_session='));
  if (!set) throw new Error('no session cookie');
  return set.split(';')[0] as string;
}

/** A JSON call through the balancer, pinned to one process. */
async function via(balanced: Balanced, server: ServerName, method: string, url: string, opts: { as?: Person; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = { cookie: [`${ROUTE_COOKIE}=${server}`, opts.as?.cookie].filter(Boolean).join('; '), 'accept-language': 'en' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await fetch(`${balanced.url}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return res;
}

async function register(balanced: Balanced, server: ServerName, name: string, userType: 'artist' | 'studio' = 'artist'): Promise<Person> {
  const username = `${name}${Date.now().toString(36)}`.slice(0, 30);
  const email = `${username}@example.test`;
  const res = await via(balanced, server, 'POST', '/api/auth/register', { body: { email, username, password: PASSWORD, userType } });
  if (res.status !== 201) throw new Error(`register ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: number } };
  return { id: user.id, username, email, cookie: sessionOf(res) };
}

async function pinnedContext(balanced: Balanced, person: Person, server: ServerName, browser: Awaited<ReturnType<typeof launch>>): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: balanced.url, locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const [name, value] = person.cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, url: balanced.url },
    { name: ROUTE_COOKIE, value: server, url: balanced.url },
  ]);
  return context;
}

for (const events of ['postgres', 'redis'] as const) {
  describe.skipIf(missing.length > 0 || (events === 'redis' && !redisUrl))(`two processes behind HAProxy, events over ${events}`, () => {
    let balanced: Balanced;
    let dropDatabase: () => Promise<void> = async () => undefined;
    let browser: Awaited<ReturnType<typeof launch>>;

    beforeAll(async () => {
      const scratch = await createScratchDatabase(databaseUrl as string, `tgs_two_${events}_${Date.now().toString(36)}`);
      dropDatabase = scratch.drop;
      balanced = await startBalanced({
        name: `two-${events}`,
        databaseUrl: scratch.url,
        env: { EVENTS: events, ...(events === 'redis' ? { REDIS_URL: redisUrl as string, REDIS_PREFIX: `tgs-two-${Date.now().toString(36)}` } : {}) },
      });
      browser = await launch();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await balanced?.stop();
      await dropDatabase();
    }, 60_000);

    it('recognises on B a login made through A', async () => {
      const lena = await register(balanced, 'a', 'lena');
      const login = await via(balanced, 'a', 'POST', '/api/auth/login', { body: { email: lena.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.headers.get('x-served-by')).toBe('a');
      const me = await via(balanced, 'b', 'GET', '/api/auth/me', { as: { ...lena, cookie: sessionOf(login) } });
      expect(me.headers.get('x-served-by')).toBe('b');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { id: number } }).user.id).toBe(lena.id);
    });

    it('counts failed logins alternating between the processes as one process would', async () => {
      const mira = await register(balanced, 'b', 'mira');
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await via(balanced, i % 2 === 0 ? 'a' : 'b', 'POST', '/api/auth/login', { body: { email: mira.email, password: 'wrong-password-1' }, ip: '198.51.100.7' });
        codes.push(res.status);
      }
      // Ten failures per account in the window, the eleventh refused wherever it lands.
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    });

    it('charges on B a price an admin changed through A', async () => {
      const admin = await register(balanced, 'a', 'boss');
      const studio = await register(balanced, 'a', 'studio', 'studio');
      const promote = await via(balanced, 'a', 'PUT', `/api/admin/premium/catalogue/featured_studio`, { as: admin, body: { amountCents: 4321 } });
      // Not an admin yet: refused, so the role is read from the database on each request.
      expect(promote.status).toBe(403);
      await makeAdmin(balanced, admin);
      const changed = await via(balanced, 'a', 'PUT', `/api/admin/premium/catalogue/featured_studio`, { as: admin, body: { amountCents: 4321 } });
      expect(changed.status, await changed.clone().text()).toBe(200);
      const products = (await (await via(balanced, 'b', 'GET', '/api/payments/products', { as: studio })).json()) as { products: { productType: string; amountCents: number }[] };
      expect(products.products.find((p) => p.productType === 'featured_studio')?.amountCents).toBe(4321);
      const order = await via(balanced, 'b', 'POST', '/api/payments/create-order', { as: studio, body: { productType: 'featured_studio' } });
      expect(order.status, await order.clone().text()).toBe(201);
      expect(order.headers.get('x-served-by')).toBe('b');
      const { orderId } = (await order.json()) as { orderId: string };
      const held = await via(balanced, 'a', 'GET', `/api/payments/test-provider/orders/${orderId}`, { as: studio });
      expect(held.status).toBe(200);
      expect(JSON.stringify(await held.json())).toMatch(/"amountCents":4321\b/);
    });

    it.runIf(events === 'postgres')('answers 1,000 fuzz requests through the balancer without a 5xx', async () => {
      // The route table and the people of the fuzzer come from an app of the same code on the same
      // database; the requests go over HTTP through HAProxy to both processes. The built files'
      // routes are left out: @fastify/static serves them, one route per file.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-two-fuzz-'));
      const app = await buildApp(loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: balanced.databaseUrl, DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'fatal', PUBLIC_URL: balanced.url }));
      await app.ready();
      try {
        const report = await runFuzz({ target: httpTarget(balanced.url), db: app.ctx.db, routes: app.routeTable.filter((r) => !r.url.startsWith('/assets/')), publicUrl: balanced.url, seed: 20261127, requests: 1_000, minPerRoute: 3 });
        expect(report.sent).toBeGreaterThanOrEqual(1_000);
        expect(report.failures, describeReport(report, 20)).toEqual([]);
        expect(report.databaseProblems).toEqual([]);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);

    it('shows live on B what was sent through A, and survives B draining', async () => {
      const nadia = await register(balanced, 'a', 'nadia');
      const tomas = await register(balanced, 'a', 'tomas', 'studio');
      const third = await register(balanced, 'a', 'jules', 'studio');
      // A first message so the conversation exists for Nadia to open.
      expect((await via(balanced, 'a', 'POST', '/api/messages', { as: tomas, body: { recipient_id: nadia.id, content: 'Hi Nadia, a spot in May?' } })).status).toBe(201);

      const context = await pinnedContext(balanced, nadia, 'b', browser);
      const failures: string[] = [];
      const watch = (page: Page) => page.on('response', (res: Response) => {
        if (res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
      });
      const thread = await context.newPage();
      watch(thread);
      const opened = await thread.goto(`/messages/${tomas.username}`);
      expect(opened?.headers()['x-served-by']).toBe('b');
      await bubble(thread, 'Hi Nadia, a spot in May?').waitFor();
      const dashboard = await context.newPage();
      watch(dashboard);
      await dashboard.goto('/dashboard');
      await dashboard.getByText('No unread messages').waitFor();
      // The live stream of both pages is held by B; give it a moment to subscribe.
      await thread.waitForTimeout(500);

      expect((await via(balanced, 'a', 'POST', '/api/messages', { as: tomas, body: { recipient_id: nadia.id, content: 'Ten days, 70 percent for you.' } })).status).toBe(201);
      await bubble(thread, 'Ten days, 70 percent for you.').waitFor({ timeout: LIVE_MS });
      expect((await via(balanced, 'a', 'POST', '/api/messages', { as: third, body: { recipient_id: nadia.id, content: 'Hello from Jules' } })).status).toBe(201);
      await dashboard.getByRole('main').getByText('1 unread message').waitFor({ timeout: LIVE_MS });

      // B is told to stop: readiness turns 503 at once while it drains, the balancer takes it out,
      // the stream reconnects through A, and what was sent meanwhile arrives.
      const direct = balanced.servers.b.baseUrl;
      const stopping = balanced.terminate('b');
      await expect.poll(async () => (await fetch(`${direct}/api/health/ready`).catch(() => null))?.status ?? 'gone', { timeout: 3_000, interval: 100 }).not.toBe(200);
      expect((await via(balanced, 'a', 'POST', '/api/messages', { as: tomas, body: { recipient_id: nadia.id, content: 'Sent while B drains' } })).status).toBe(201);
      await stopping;
      await bubble(thread, 'Sent while B drains').waitFor({ timeout: 15_000 });
      // Every request now lands on A, B being gone.
      const after = await via(balanced, 'b', 'GET', '/api/auth/me', { as: nadia });
      expect(after.status).toBe(200);
      expect(after.headers.get('x-served-by')).toBe('a');
      expect(failures).toEqual([]);
      await context.close();
    }, 90_000);
  });
}

async function makeAdmin(balanced: Balanced, person: Person): Promise<void> {
  const client = new pg.Client({ connectionString: balanced.databaseUrl });
  await client.connect();
  await client.query(`update users set role = 'admin' where id = $1`, [person.id]);
  await client.end();
}
