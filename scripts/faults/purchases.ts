import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, haproxyAvailable } from '../balanced-servers';
import { freePort } from '../built-server';
import { bounded, call, register, ServerProcess, sleep, type Check } from './server';

const SCENARIO = 'purchases';
const DAY_MS = 86_400_000;
const USERS = 8;
const PER_USER = 25;
/** What a killed process is restarted with, in turn: the capture's fault points between plain runs. */
const ROTATION = ['payment-before-capture', '', 'payment-after-capture', '', 'payment-after-complete', ''];

function haproxyConfig(port: number, servers: ServerProcess[]): string {
  return `global
  maxconn 500
defaults
  mode http
  option forwardfor
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  retries 2
  option redispatch
frontend public
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 300ms fastinter 300ms downinter 300ms fall 1 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

interface Tally {
  known: string[];
  completed: number;
  lostAnswers: number;
}

/** One buyer's purchases, each retried through lost connections as a browser would. */
async function buyer(base: string, cookie: string, count: number, until: number, tally: Tally): Promise<void> {
  const retry = async (step: () => Promise<'done' | 'again'>) => {
    while (Date.now() < until) {
      try {
        if ((await step()) === 'done') return;
      } catch {
        tally.lostAnswers++;
      }
      await sleep(250);
    }
    throw new Error(`the stream outlasted its time with ${tally.completed} of ${USERS * PER_USER} purchases through`);
  };
  for (let i = 0; i < count; i++) {
    let orderId = '';
    await retry(async () => {
      const res = await call(`${base}/api/payments/create-order`, { cookie, body: { productType: 'featured_artist' } });
      if (res.status !== 201) return 'again';
      orderId = res.body.orderId as string;
      tally.known.push(orderId);
      return 'done';
    });
    await retry(async () => {
      const res = await call(`${base}/api/payments/test-provider/orders/${orderId}`, { cookie, body: { action: 'approve' } });
      // 409: approved already (by the try whose answer was lost); the capture below settles it.
      return res.status === 200 || res.status === 409 || res.status === 402 ? 'done' : 'again';
    });
    await retry(async () => {
      const res = await call(`${base}/api/payments/capture-order`, { cookie, body: { orderId, productType: 'featured_artist' } });
      if (res.status === 402) return 'done';
      return res.status === 200 && res.body.status === 'completed' ? 'done' : 'again';
    });
    tally.completed++;
  }
}

async function verify(url: string, users: number[], tally: Tally, add: (check: string, ok: boolean, detail: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = (await client.query<{ id: string; user_id: number; status: string; receipt_number: string | null; provider_order_id: string | null }>('select id, user_id, status, receipt_number, provider_order_id from payment_orders')).rows;
    const byStatus = new Map<string, number>();
    for (const o of orders) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    const summary = [...byStatus].map(([s, n]) => `${s} ${n}`).join(', ');
    const known = new Set(tally.known);
    const knownOrders = orders.filter((o) => known.has(o.id));
    add('every purchase ends completed or failed', knownOrders.length === USERS * PER_USER && knownOrders.every((o) => o.status === 'completed' || o.status === 'failed'), `${knownOrders.length} purchases; all orders: ${summary}`);
    const strays = orders.filter((o) => !known.has(o.id));
    // An order whose creation answer was lost was never approved: it waits for its expiry, charged nothing.
    add('orders nobody approved stay uncharged', strays.every((o) => o.status === 'created'), `${strays.length} order(s) whose answer was lost, statuses: ${[...new Set(strays.map((o) => o.status))].join(', ') || 'none'}`);
    const completed = orders.filter((o) => o.status === 'completed');
    const captured = (await client.query<{ n: string }>(`select count(*) as n from test_provider_orders where status = 'COMPLETED'`)).rows[0]?.n;
    add('money taken once per completed order', Number(captured) === completed.length, `${captured} captured at the provider, ${completed.length} completed`);
    const receipts = new Set(completed.map((o) => o.receipt_number));
    add('one receipt number per completed order', receipts.size === completed.length && !receipts.has(null), `${receipts.size} distinct receipt numbers`);
    const problems: string[] = [];
    for (const userId of users) {
      const done = completed.filter((o) => o.user_id === userId).length;
      const periods = (await client.query<{ order_id: string; starts_at: string; ends_at: string }>(`select order_id, starts_at, ends_at from featured_periods where user_id = $1 and source = 'purchase' order by starts_at`, [userId])).rows;
      const user = (await client.query<{ featured_until: string | null }>('select featured_until from users where id = $1', [userId])).rows[0];
      const credits = (await client.query<{ product_type: string; count: number }>('select product_type, count from user_credits where user_id = $1', [userId])).rows;
      if (periods.length !== done || new Set(periods.map((p) => p.order_id)).size !== done) problems.push(`user ${userId}: ${periods.length} featured periods for ${done} completed`);
      for (const [i, p] of periods.entries()) {
        if (Date.parse(p.ends_at) - Date.parse(p.starts_at) !== 14 * DAY_MS) problems.push(`user ${userId}: a period of ${(Date.parse(p.ends_at) - Date.parse(p.starts_at)) / DAY_MS} days`);
        const before = periods[i - 1];
        if (before && Date.parse(p.starts_at) !== Date.parse(before.ends_at)) problems.push(`user ${userId}: a gap or overlap between periods`);
      }
      const last = periods.at(-1);
      if (done && (!user?.featured_until || Date.parse(user.featured_until) !== Date.parse(last?.ends_at ?? ''))) problems.push(`user ${userId}: featured until ${user?.featured_until}, periods end ${last?.ends_at}`);
      for (const kind of ['instagram_feed_post', 'instagram_story']) {
        const n = credits.find((c) => c.product_type === kind)?.count ?? 0;
        if (n !== done) problems.push(`user ${userId}: ${n} ${kind} credits for ${done} completed`);
      }
    }
    add('featured 14 days and credits once per completed order', problems.length === 0, problems.slice(0, 3).join('; ') || `${completed.length} completed over ${users.length} buyers`);
  } finally {
    await client.end();
  }
}

/**
 * 200 test-provider purchases through HAProxy to two processes on one PostgreSQL database, while
 * processes are killed (SIGKILL) at random moments and at the capture's fault points, and restarted.
 */
export async function purchaseFaults(): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ scenario: SCENARIO, check, ok, detail });
  if (!haproxyAvailable()) {
    add('haproxy', false, 'HAProxy is not installed: apt-get install haproxy');
    return checks;
  }
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const database = await createScratchDatabase(baseUrl, `tgs_faults_${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-purchases-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '127.0.0.1', PAYMENT_PROVIDER: 'test', EVENTS: 'postgres', RATE_LIMIT_STORE: 'postgres' };
  const servers = [new ServerProcess('a', await freePort(), env), new ServerProcess('b', await freePort(), env)];
  const port = await freePort();
  writeFileSync(path.join(dataDir, 'haproxy.cfg'), haproxyConfig(port, servers));
  const haproxy = spawn('haproxy', ['-db', '-f', path.join(dataDir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'ignore'] });
  const base = `http://127.0.0.1:${port}`;
  let streaming = true;
  let kills = 0;
  let turn = 0;
  try {
    // The first process starts armed, so a capture point is hit even in a short stream.
    for (const [i, s] of servers.entries()) await s.start(i === 0 ? 'payment-after-capture' : '');
    await sleep(1000);
    const buyers: { cookie: string; id: number }[] = [];
    for (let i = 0; i < USERS; i++) buyers.push(await register(base, `faults_buyer_${i}`));
    const tally: Tally = { known: [], completed: 0, lostAnswers: 0 };
    // Whoever dies (a random kill or its own fault point) is restarted with the next setting.
    const keeper = (async () => {
      while (streaming) {
        for (const s of servers) {
          if (!s.running && streaming) {
            const point = ROTATION[turn++ % ROTATION.length] as string;
            await s.start(point).catch(() => undefined);
          }
        }
        await sleep(200);
      }
    })();
    const killer = (async () => {
      while (streaming) {
        await sleep(6000 + Math.random() * 6000);
        const victim = servers[Math.floor(Math.random() * servers.length)] as ServerProcess;
        // One process stays up while the other is away, as a rolling failure would leave it.
        if (streaming && servers.every((s) => s.running)) {
          kills++;
          await victim.kill();
        }
        console.log(`faults: purchases ${tally.completed} of ${USERS * PER_USER} through, ${kills} random kills`);
      }
    })();
    const until = Date.now() + 420_000;
    const started = Date.now();
    await Promise.all(buyers.map((b) => buyer(base, b.cookie, PER_USER, until, tally)));
    const seconds = Math.round((Date.now() - started) / 1000);
    streaming = false;
    await Promise.all([keeper, killer]);
    const faultDeaths = servers.reduce((n, s) => n + s.endings.filter((e) => e === 'SIGKILL').length, 0) - kills;
    add('the stream ran through the kills', tally.known.length === USERS * PER_USER, `${tally.known.length} purchases in ${seconds} s; ${kills} random kills, ${faultDeaths} deaths at fault points, ${tally.lostAnswers} lost answers retried`);
    // Every process up again without a fault point, so the reconcilers settle what is left.
    for (const s of servers) {
      await s.kill();
      await s.start();
    }
    await sleep(3000);
    await verify(database.url, buyers.map((b) => b.id), tally, add);
  } catch (err) {
    add('ran', false, (err as Error).message.slice(0, 300));
  } finally {
    streaming = false;
    for (const s of servers) await s.kill();
    haproxy.kill('SIGTERM');
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return checks;
}

export const PURCHASES_BOUND_MS = 600_000;
export const runPurchases = () => bounded('the purchase stream', PURCHASES_BOUND_MS, purchaseFaults);
