import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIsStale } from '../scripts/build-state';
import { freePort, startBuiltServer } from '../scripts/built-server';
import { run } from '../scripts/run';
import { READS, resolve, type Found, type Read } from './reads';
import { createScaledDatabase } from './scaled-data';
import { READER_CONTACTS } from './scaled-messages';
import { consoleRow, markdown, type Row } from './table';

/**
 * Measures the hot reads of the built server against a bare node:http server (its own process,
 * like the app's) that sends the identical bytes from memory: the ratio says how much of the
 * ceiling the app reaches. Reads are listed in bench/reads.ts; the table goes to the console and
 * to bench/results/latest.md.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Smaller worlds for a quick look (the committed table is from the defaults).
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);

// BENCH_BUILD=0 measures the API against the build there is (or none): the API needs no web build.
if (process.env.BENCH_BUILD !== '0' && buildIsStale()) {
  // Both bundles: the server-rendered pages below need the server one.
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}

const load = loadavg().map((l) => l.toFixed(2)).join(' ');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-bench-'));
const [port, coldPort, barePort] = [await freePort(), await freePort(), await freePort()];
const env = {
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DEMO_DATA: '0',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
};
const count = (n: number) => n.toLocaleString('en');
console.log(`Creating a scaled data set (${count(USERS)} users, ${count(LISTINGS)} guest spots and as many availabilities, portfolios, ${count(MESSAGES)} messages)...`);
await createScaledDatabase(env, USERS, LISTINGS, MESSAGES);

/** The built app on the scaled data (demo content off), quiet, as production runs it. */
async function startServer(extra: Record<string, string>) {
  const server = await startBuiltServer({ name: 'bench', dataDir, port: Number(extra.PORT ?? env.PORT), env: { ...env, ...extra } });
  return { child: server.child, url: server.baseUrl };
}

const { child: server, url: base } = await startServer({});
const { child: coldServer, url: coldBase } = await startServer({ PORT: String(coldPort), LIST_CACHE_SECONDS: '0' });
const children: ChildProcess[] = [server, coldServer];

function cannon(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

/** The session cookie of the account whose messages the bench reads, and its user id. */
async function login(): Promise<{ headers: Record<string, string>; id: number }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench0@example.test', password: 'bench-password-1!' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tgs_session='))?.split(';')[0];
  if (!cookie) throw new Error(`bench login failed: ${res.status}`);
  const { user } = (await res.json()) as { user: { id: number } };
  return { headers: { cookie }, id: user.id };
}

/** A profile with a portfolio and a guest spot, neither the bench account's own (its own would be answered per viewer). */
async function find(me: number): Promise<Found> {
  const spots = (await (await fetch(`${base}/api/guest-spots`)).json()) as { items: { slug: string; studio: { id: number } }[] };
  const spot = spots.items.find((s) => s.studio.id !== me);
  const gallery = (await (await fetch(`${base}/api/gallery`)).json()) as { images: { user: { id: number; username: string } }[] };
  const owner = gallery.images.find((i) => i.user.id !== me)?.user;
  if (!spot || !owner) throw new Error(`the scaled data holds no guest spot (${spots.items.length} read) or portfolio (${gallery.images.length} images) to read`);
  const latest = (await (await fetch(`${base}/api/forum/threads/latest?limit=1`)).json()) as { threads: { id: number }[] };
  const thread = latest.threads[0]?.id;
  if (thread === undefined) throw new Error('the scaled data holds no forum thread to read');
  return { slug: spot.slug, username: owner.username, thread };
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
    const accept: Record<string, string> = read.accept ? { accept: read.accept } : {};
    const visitor = { read, name: read.name, path: p, headers: accept };
    const cookie = { read, name: `${read.name} (session)`, path: p, headers: { ...accept, ...session } };
    return read.session === 'only' ? [cookie] : read.session === 'also' ? [visitor, cookie] : [visitor];
  });
}

/** Headers node:http writes for each response itself (fetch has also decoded any content-encoding). */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-encoding']);

function startBare(answers: Record<string, { file: string; headers: Record<string, string> }>): Promise<ChildProcess> {
  const mapFile = path.join(dataDir, 'bare.json');
  writeFileSync(mapFile, JSON.stringify(answers));
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [mapFile, String(barePort)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(child);
  return new Promise((ok, fail) => {
    child.once('message', () => ok(child));
    child.once('exit', (code) => fail(new Error(`bare server ended: ${code}`)));
  });
}

const rows: Row[] = [];
try {
  const session = await login();
  const found = await find(session.id);
  const list = variants(session.headers, found);
  const bareAnswers: Record<string, { file: string; headers: Record<string, string> }> = {};
  const bytes: number[] = [];
  for (const [i, v] of list.entries()) {
    const sample = await fetch(base + v.path, { headers: v.headers });
    if (!sample.ok) throw new Error(`${v.name}: ${sample.status} for ${v.path}`);
    const body = Buffer.from(await sample.arrayBuffer());
    // A list of the wrong length would measure something else than a full first page.
    if (v.path === '/api/messages/conversations' && (JSON.parse(body.toString()) as unknown[]).length !== Math.min(50, READER_CONTACTS)) {
      throw new Error(`the bench account lists ${body.length} bytes of conversations, not a full page`);
    }
    const file = path.join(dataDir, `bare-${i}`);
    writeFileSync(file, body);
    // The same header lines too (node:http adds its own date, length and connection): the ratio is the pipeline's.
    const headers: Record<string, string> = {};
    for (const [name, value] of sample.headers) if (!PER_RESPONSE.has(name)) headers[name] = value;
    bareAnswers[`/r${i}`] = { file, headers };
    bytes.push(body.length);
  }
  await startBare(bareAnswers);
  for (const [i, v] of list.entries()) {
    const app = await cannon(base + v.path, v.headers);
    const bare = await cannon(`http://127.0.0.1:${barePort}/r${i}`);
    const row: Row = { name: v.name, app, bare, bytes: bytes[i] };
    rows.push(row);
    console.log(consoleRow(row));
    if (v.read.cold && v === list.find((x) => x.read === v.read)) {
      const cold: Row = { name: `  ${v.read.name} uncached`, app: await cannon(coldBase + v.path, v.headers) };
      rows.push(cold);
      console.log(consoleRow(cold));
    }
  }
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
const table = markdown(rows, { connections: CONNECTIONS, seconds: DURATION_S, date: new Date().toISOString().slice(0, 16).replace('T', ' '), load });
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'results', 'latest.md'), table);
console.log(`\n${table}`);
