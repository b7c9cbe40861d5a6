import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDb, type Db } from '../../db/index';
import { createTestSchema, describeEachEngine } from '../../test/app';
import { freePort } from '../../../../scripts/built-server';

/**
 * The crash test: a real server process (the one main.ts starts) is killed (SIGKILL) at the
 * `payment-after-capture` fault point right after the provider captured and before our write. Restarted without the fault,
 * its reconciler finds the order and completes it: the buyer is featured 14 days once, one
 * receipt number is taken, nothing is lost and nothing doubled.
 */
const DAY_MS = 86_400_000;

interface Server {
  child: ChildProcess;
  /** The signal that ended it, or its exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
}

describeEachEngine('a server killed between the capture and our write', (engine) => {
  let dataDir: string;
  let databaseUrl = '';
  let schema: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  let port: number;
  let base: string;
  const running: Server[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-crash-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    if (engine === 'postgres') {
      const created = await createTestSchema('t_crash');
      schema = created.schema;
      dropSchema = created.drop;
      // The server's pool works in the test's own schema.
      const withSchema = new URL(created.url);
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = withSchema.toString();
    }
  });

  afterAll(async () => {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<Server> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO_DATA: '0',
        LOG_LEVEL: 'error',
        PAYMENT_PROVIDER: 'test',
        FAULT_POINT: '',
        ...env,
      },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    const server = { child, exited };
    running.push(server);
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) return server;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not start: ${stderr}`);
  }

  async function stop(server: Server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }

  function openDb(): Db {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: engine === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : '' });
    return createDb(engine === 'postgres' ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL as string, schema } : config.database);
  }

  const json = (cookie: string | null, body?: unknown) => ({
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('completes the purchase once after the restart', async () => {
    const faulty = await start({ FAULT_POINT: 'payment-after-capture' });
    const registered = await fetch(`${base}/api/auth/register`, json(null, { email: `crash-${engine}@example.test`, username: `crash_${engine}`, password: 'Sicher!Passwort1', userType: 'artist' }));
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const created = await fetch(`${base}/api/payments/create-order`, json(cookie, { productType: 'featured_artist' }));
    expect(created.status).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };

    const before = Date.now();
    // The process ends inside this call: no answer comes back.
    await expect(fetch(`${base}/api/payments/test-provider/orders/${orderId}`, json(cookie, { action: 'approve' }))).rejects.toThrow();
    expect(await faulty.exited).toBe('SIGKILL');

    const db = openDb();
    try {
      // The provider took the money; our order still says capturing.
      const stranded = await db.selectFrom('payment_orders').select(['status', 'provider_order_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(stranded.status).toBe('capturing');
      const books = await db.selectFrom('test_provider_orders').select('status').where('id', '=', stranded.provider_order_id as string).executeTakeFirstOrThrow();
      expect(books.status).toBe('COMPLETED');

      const restarted = await start();
      // The reconciler runs as the server starts; the session shows the outcome.
      let featuredUntil: string | null = null;
      for (let i = 0; i < 100 && !featuredUntil; i++) {
        const session = (await (await fetch(`${base}/api/auth/refresh-session`, json(cookie))).json()) as { user: { featuredUntil: string | null } };
        featuredUntil = session.user.featuredUntil;
        if (!featuredUntil) await new Promise((r) => setTimeout(r, 100));
      }
      expect(featuredUntil).not.toBeNull();
      const end = Date.parse(featuredUntil as string);
      expect(end).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
      expect(end).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);

      // The buyer's browser asks again: the same purchase, nothing added.
      const again = await fetch(`${base}/api/payments/capture-order`, json(cookie, { orderId, productType: 'featured_artist' }));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ success: true, status: 'completed', featuredUntil });
      await stop(restarted);

      // A third start finds nothing left to do.
      await stop(await start());
      const order = await db.selectFrom('payment_orders').select(['status', 'receipt_number']).where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.status).toBe('completed');
      expect(order.receipt_number).toMatch(/^\d{4}-000001$/);
      const counters = await db.selectFrom('receipt_counters').select('last_number').execute();
      expect(counters).toEqual([{ last_number: 1 }]);
      const user = await db.selectFrom('users').select('featured_until').where('username', '=', `crash_${engine}`).executeTakeFirstOrThrow();
      expect(user.featured_until).toBe(featuredUntil);
      const credits = await db.selectFrom('user_credits').select(['product_type', 'count']).orderBy('product_type').execute();
      expect(credits).toEqual([
        { product_type: 'instagram_feed_post', count: 1 },
        { product_type: 'instagram_story', count: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
