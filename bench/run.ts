import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIsStale } from '../scripts/build-state';
import { freePort } from '../scripts/built-server';
import { run } from '../scripts/run';
import { READS, resolve, type Found, type Read } from './reads';
import { benchSavedSearchMatch } from './saved-searches';
import { READER_CONTACTS } from './scaled-messages';
import { consoleRow, markdown, type World, type Row } from './table';
import { prepareWorld, type Engine } from './worlds';

/**
 * Measures the hot reads of the built server against a bare node:http server (its own process,
 * like the app's) that sends the identical bytes from memory: the ratio says how much of the
 * ceiling the app reaches. Each read runs through the answer caches and, for the reads marked
 * `cold`, against a second server with them off (the database path). Worlds of each scale in
 * BENCH_SCALE on each engine in BENCH_ENGINES; reads are listed in bench/reads.ts; the tables go
 * to the console, bench/results/latest.md and bench/results/<date>-<engines>-<scales>.md.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const SCALES = (process.env.BENCH_SCALE ?? '10000,100000').split(',').map((s) => Number(s.trim()));
const PG_URL = process.env.BENCH_DATABASE_URL;
const ENGINES = (process.env.BENCH_ENGINES ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',').map((e) => e.trim()) as Engine[];
// Two messages a listing: 20,000 at 10,000 listings, 2,000,000 at 1,000,000 (the message goals' two ends).
const messagesFor = (listings: number) => (process.env.BENCH_MESSAGES ? Number(process.env.BENCH_MESSAGES) : listings * 2);
/** The whole run's bound: past it the bench stops its servers and exits with an error. */
const LIMIT_MINUTES = Number(process.env.BENCH_MINUTES ?? 120);
/** Only the reads whose name holds one of these words (a look at a few while working on them): printed, not written to results. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/** Headers node:http writes for each response itself (fetch has also decoded any content-encoding). */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-encoding']);

for (const scale of SCALES) if (!Number.isInteger(scale) || scale < 1_000) throw new Error(`BENCH_SCALE: ${scale} is not a listing count of 1,000 or more`);
for (const engine of ENGINES) if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine ${engine}`);
if (ENGINES.includes('postgres') && !PG_URL) throw new Error('BENCH_ENGINES names postgres: set BENCH_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/bench_world)');

const children = new Set<ChildProcess>();
const watchdog = setTimeout(() => {
  console.error(`\nThe bench ran past its bound of ${LIMIT_MINUTES} minutes (BENCH_MINUTES): stopping.`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(2);
}, LIMIT_MINUTES * 60_000);

// BENCH_BUILD=0 measures against the build there is: the API needs no web build, the HTML pages do.
if (process.env.BENCH_BUILD !== '0' && buildIsStale()) {
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const started = new Date();
const worlds: World[] = [];
for (const engine of ENGINES) {
  for (const listings of SCALES) {
    console.log(`\n== ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${listings.toLocaleString('en')} listings`);
    worlds.push(await measureWorld(engine, listings));
  }
}
// The saved searches' matching, apart from the worlds: 10,000 searches against a new listing, goal under 100 ms.
const savedSearchLines = ['', '## Saved searches: a new listing matched against 10,000', '', '| engine | median ms | hits |', '| --- | ---: | ---: |'];
for (const engine of ENGINES) {
  const { medianMs, hits } = await benchSavedSearchMatch(engine, PG_URL);
  console.log(`saved searches on ${engine}: ${medianMs.toFixed(1)} ms for ${hits} hits`);
  savedSearchLines.push(`| ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${medianMs.toFixed(1)} | ${hits} |`);
}
clearTimeout(watchdog);

const meta = {
  connections: CONNECTIONS,
  seconds: DURATION_S,
  date: started.toISOString().slice(0, 16).replace('T', ' '),
  load,
  note: process.env.BENCH_NOTE,
};
const table = `${markdown(worlds, meta)}\n${savedSearchLines.join('\n')}\n`;
const results = path.join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });
const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1_000}k`);
const named = `${started.toISOString().slice(0, 10)}-${ENGINES.join('-')}-${SCALES.map(short).join('-')}.md`;
if (ONLY.length) console.log(`\n${table}\nNot written to bench/results: BENCH_ONLY measured a part.`);
else {
  writeFileSync(path.join(results, 'latest.md'), table);
  writeFileSync(path.join(results, named), table);
  console.log(`\n${table}\nWritten to bench/results/latest.md and bench/results/${named}.`);
}

async function measureWorld(engine: Engine, listings: number): Promise<World> {
  const world = await prepareWorld({ engine, users: USERS, listings, messages: messagesFor(listings) }, console.log, PG_URL);
  const [port, coldPort, barePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = world.dataDir;
  const env = { DEMO_DATA: '0', SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', ...world.env };
  const servers: Server[] = [];
  const start = async (p: number, extra: Record<string, string>) => {
    const server = await startServer(p, { ...env, ...extra });
    servers.push(server);
    return server;
  };
  const rows: Row[] = [];
  let cacheStats: unknown;
  try {
    const cached = await start(port, {});
    const base = cached.url;
    const coldBase = (await start(coldPort, { LIST_CACHE_SECONDS: '0' })).url;
    const session = await login(base);
    const found = await find(base, session.id);
    const list = variants(session.headers, found).filter((v) => !ONLY.length || ONLY.some((word) => v.name.includes(word)));
    const bareAnswers: Record<string, { file: string; headers: Record<string, string> }> = {};
    const bytes: number[] = [];
    for (const [i, v] of list.entries()) {
      const sample = await fetch(base + v.path, { headers: v.headers });
      if (!sample.ok) throw new Error(`${v.name}: ${sample.status} for ${v.path}`);
      const body = Buffer.from(await sample.arrayBuffer());
      // A list of the wrong length would measure something else than a full first page.
      if (v.path === '/api/messages/conversations') {
        const listed = JSON.parse(body.toString()) as unknown;
        // A bare list, or an object holding the page's list beside its cursor.
        const page = Array.isArray(listed) ? listed : Object.values(listed as Record<string, unknown>).find(Array.isArray);
        const length = page?.length ?? 0;
        if (length !== Math.min(50, READER_CONTACTS)) throw new Error(`the bench account lists ${length} conversations, not a full page`);
      }
      const file = path.join(dataDir, `bare-${i}`);
      writeFileSync(file, body);
      // The same header lines too (node:http adds its own date, length and connection): the ratio is the pipeline's.
      const headers: Record<string, string> = {};
      for (const [name, value] of sample.headers) if (!PER_RESPONSE.has(name)) headers[name] = value;
      bareAnswers[`/r${i}`] = { file, headers };
      bytes.push(body.length);
    }
    await startBare(bareAnswers, dataDir, barePort);
    for (const [i, v] of list.entries()) {
      // The servers share the machine: answers one still has in flight would count against the next run.
      const quiet = () => Promise.all([settle(base + v.path, v.headers), settle(coldBase + v.path, v.headers)]);
      await quiet();
      const app = await cannon(base + v.path, v.headers);
      await quiet();
      const bare = await cannon(`http://127.0.0.1:${barePort}/r${i}`);
      const row: Row = { name: v.name, app, bare, bytes: bytes[i] };
      rows.push(row);
      console.log(consoleRow(row));
      if (v.read.cold && v === list.find((x) => x.read === v.read)) {
        // Beside the same bare answer: the uncached read sends the same bytes.
        await quiet();
        const cold: Row = { name: `${v.read.name} uncached`, app: await cannon(coldBase + v.path, v.headers), bare, bytes: bytes[i], uncached: true, read: v.read.name };
        rows.push(cold);
        console.log(consoleRow(cold));
      }
    }
    cacheStats = await cached.cacheStats();
    console.log('answer caches:', JSON.stringify(cacheStats));
  } finally {
    for (const server of servers) await stop(server.child);
    for (const child of [...children]) await stop(child);
    await world.dispose();
  }
  return { engine, listings, messages: messagesFor(listings), users: USERS, buildSeconds: world.buildSeconds, rows, cacheStats };
}

interface Server {
  child: ChildProcess;
  url: string;
  /** The server's cache counters (bench/server.ts answers them over IPC). */
  cacheStats(): Promise<unknown>;
}

/** The built app as production runs it (through bench/server.ts), ready when its health check answers. */
async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...env },
  });
  children.add(child);
  // A large world's first start may rebuild what its version says is stale (the search index).
  const until = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not answer its health check in 5 minutes');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const cacheStats = () =>
    new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve('the server did not answer with its cache counters'), 10_000);
      child.once('message', (m) => {
        clearTimeout(timer);
        resolve((m as { cacheStats: unknown }).cacheStats);
      });
      child.send('cache-stats');
    });
  return { child, url, cacheStats };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  children.delete(child);
}

/**
 * One request, waited for: it queues behind the answers a slow read left in flight (a server goes
 * on with requests whose connections closed), so once it is back the server is idle again.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  await fetch(url, { headers, signal: AbortSignal.timeout(300_000) }).then((r) => r.arrayBuffer());
}

function cannon(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

/** The session cookie of the account whose messages the bench reads, and its user id. */
async function login(base: string): Promise<{ headers: Record<string, string>; id: number }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench0@example.test', password: 'bench-password-1!' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('tgs_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`bench login failed: ${res.status}`);
  const { user } = (await res.json()) as { user: { id: number } };
  return { headers: { cookie }, id: user.id };
}

/** A profile with a portfolio and a guest spot, neither the bench account's own (its own would be answered per viewer), a thread and a city. */
async function find(base: string, me: number): Promise<Found> {
  const get = async <T>(p: string) => (await (await fetch(base + p)).json()) as T;
  const spots = await get<{ items: { slug: string; studio: { id: number } }[] }>('/api/guest-spots');
  const spot = spots.items.find((s) => s.studio.id !== me);
  const gallery = await get<{ images: { user: { id: number; username: string } }[] }>('/api/gallery');
  const owner = gallery.images.find((i) => i.user.id !== me)?.user;
  if (!spot || !owner) throw new Error(`the scaled data holds no guest spot (${spots.items.length} read) or portfolio (${gallery.images.length} images) to read`);
  const latest = await get<{ threads: { id: number }[] }>('/api/forum/threads/latest?limit=1');
  const thread = latest.threads[0]?.id;
  if (thread === undefined) throw new Error('the scaled data holds no forum thread to read');
  const places = await get<{ cities: { cityId: number; guestSpots: number }[] }>('/api/map/places');
  const city = places.cities.filter((c) => c.cityId > 0).sort((a, b) => b.guestSpots - a.guestSpots)[0]?.cityId;
  if (city === undefined) throw new Error('the map shows no city');
  return { slug: spot.slug, username: owner.username, thread, city };
}

interface Variant {
  read: Read;
  name: string;
  path: string;
  headers: Record<string, string>;
}

function variants(session: Record<string, string>, found: Found): Variant[] {
  return READS.flatMap((read) => {
    const p = resolve(read.path, found);
    const headers: Record<string, string> = { ...(read.accept ? { accept: read.accept } : {}), ...(read.language ? { 'accept-language': read.language } : {}) };
    const visitor = { read, name: read.name, path: p, headers };
    const cookie = { read, name: `${read.name} (session)`, path: p, headers: { ...headers, ...session } };
    return read.session === 'only' ? [cookie] : read.session === 'also' ? [visitor, cookie] : [visitor];
  });
}

function startBare(answers: Record<string, { file: string; headers: Record<string, string> }>, dir: string, port: number): Promise<ChildProcess> {
  const mapFile = path.join(dir, 'bare.json');
  writeFileSync(mapFile, JSON.stringify(answers));
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [mapFile, String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  return new Promise((ok, fail) => {
    child.once('message', () => ok(child));
    child.once('exit', (code) => fail(new Error(`bare server ended: ${code}`)));
  });
}
