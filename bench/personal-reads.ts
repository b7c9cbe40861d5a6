import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb, isPostgresDb, migrateToLatest, type Db } from '../src/server/db/index';
import { answerCacheStats } from '../src/server/lib/answer-cache/index';
import { hashPassword } from '../src/server/modules/auth/index';
import { seed } from '../src/server/seed/index';
import { freePort } from '../scripts/built-server';
import { addScaledMessages } from './scaled-messages';

/**
 * The personal reads and the logged-in reader lane (docs/decisions/033):
 *
 * - the unread count and the conversation list of the bench account (400 conversations) over a
 *   database of 20,000 and of 2,000,000 messages, on SQLite and, with BENCH_DATABASE_URL, on
 *   PostgreSQL (the goal: the larger within 2x of the smaller);
 * - the cached public reads with a session cookie, with the fast lane's reader lane on and off.
 *
 *   npx tsx bench/personal-reads.ts                 # SQLite
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/personal-reads.ts
 *
 * The server runs in its own process (this file with `serve`), as in production, and prints its
 * cache counts (`answerCacheStats()`) when it stops. The table goes to bench/results/personal-reads.md.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const USERS = 2000;
const SIZES = (process.env.BENCH_MESSAGE_SIZES ?? '20000,2000000').split(',').map(Number);
const PASSWORD = 'bench-password-1!';
const PUBLIC_READS = ['/api/styles', '/api/featured/artists?limit=5', '/api/guest-spots', '/api/artists', '/api/gallery'];

if (process.argv[2] === 'serve') {
  const config = loadConfig();
  const app = await buildApp(config);
  if (process.env.READER_LANE === '0') {
    // The reader lane off: requests with a cookie go to the pipeline, as before the lane existed.
    const serve = app.fastLane.serve.bind(app.fastLane);
    app.fastLane.serve = (req, res) => req.headers.cookie === undefined && serve(req, res);
  }
  process.on('SIGTERM', () => {
    console.error(`cache counts ${JSON.stringify(answerCacheStats())}`);
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.send?.('ready');
} else {
  await main();
}

async function fill(db: Db, messages: number): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  for (let start = 0; start < USERS; start += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - start) }, (_, k) => {
      const i = start + k;
      return {
        username: `bench user ${i}`,
        username_key: `bench-user-${i}`,
        email: `bench${i}@example.test`,
        email_key: `bench${i}@example.test`,
        password_hash: hash,
        name: `Bench ${i}`,
        user_type: i % 3 === 0 ? 'studio' : 'artist',
        created_at: new Date(now - i * 60_000).toISOString(),
        updated_at: new Date(now - i * 60_000).toISOString(),
      };
    });
    await db.insertInto('users').values(rows).execute();
  }
  await addScaledMessages(db, messages);
  if (isPostgresDb(db)) await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function start(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'serve'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', DEMO_DATA: '0' },
  });
  await new Promise<void>((ok, fail) => {
    child.once('message', () => ok());
    child.once('exit', (code) => fail(new Error(`server ended: ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench0@example.test', password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tgs_session='))?.split(';')[0];
  if (!cookie) throw new Error(`bench login failed: ${res.status}`);
  return cookie;
}

async function rate(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number }> {
  const check = await fetch(url, { headers });
  if (!check.ok) throw new Error(`${url}: ${check.status}`);
  await check.arrayBuffer();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99 };
}

/** The old count (a sum over the reader's conversations with a block check per contact) and the counter, per query in the database. */
async function queryTimes(db: Db): Promise<{ sum: number; counter: number; page: number }> {
  const me = (await db.selectFrom('users').select('id').where('email', '=', 'bench0@example.test').executeTakeFirstOrThrow()).id;
  const time = async (q: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await q();
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) await q();
    return (performance.now() - t0) / 200;
  };
  const sum = await time(() =>
    sql`select coalesce(sum(c.unread_count), 0) as n from conversations c where c.user_id = ${me} and c.unread_count > 0
      and c.last_message_id > c.hidden_until_id
      and not exists (select 1 from blocks b where b.blocker_id = ${me} and b.blocked_id = c.contact_id)
      and not exists (select 1 from blocks b where b.blocker_id = c.contact_id and b.blocked_id = ${me})`.execute(db),
  );
  const counter = await time(() => db.selectFrom('unread_counters').select('unread').where('user_id', '=', me).execute());
  const page = await time(() =>
    db
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.contact_id')
      .select(['c.contact_id', 'u.name', 'c.last_message_at'])
      .where('c.user_id', '=', me)
      .where('c.last_message_at', 'is not', null)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.contact_id', 'desc')
      .limit(50)
      .execute(),
  );
  return { sum, counter, page };
}

async function main(): Promise<void> {
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  const engines: { name: string; env: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }> }[] = [
    {
      name: 'SQLite',
      env: () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'tgs-personal-'));
        return Promise.resolve({ env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) });
      },
    },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    engines.push({
      name: 'PostgreSQL',
      env: async () => {
        const name = `bench_personal_${randomBytes(4).toString('hex')}`;
        const admin = createDb({ kind: 'postgres', url: pgUrl });
        await sql`create database ${sql.id(name)}`.execute(admin);
        await admin.destroy();
        const dir = mkdtempSync(path.join(tmpdir(), 'tgs-personal-'));
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        return {
          env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
          drop: async () => {
            const db = createDb({ kind: 'postgres', url: pgUrl });
            await sql`drop database ${sql.id(name)} with (force)`.execute(db);
            await db.destroy();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    });
  }
  const lines: string[] = [`${CONNECTIONS} connections, ${SECONDS} s per run; ${USERS} users, the reader in 400 conversations.`, ''];
  lines.push('| engine | messages | unread count req/s (p99 ms) | conversations req/s (p99 ms) | old sum query ms | counter query ms | page query ms |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const laneLines: string[] = ['', '| read with a session cookie | lane on req/s (p99 ms) | lane off req/s (p99 ms) |', '| --- | ---: | ---: |'];
  for (const engine of engines) {
    for (const [n, messages] of SIZES.entries()) {
      const { env, drop } = await engine.env();
      try {
        const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', SESSION_SECRET: 'x'.repeat(32) });
        const db = createDb(config.database);
        const t0 = performance.now();
        await migrateToLatest(db);
        await seed({ db, config }, { demo: false });
        await fill(db, messages);
        console.error(`${engine.name}: ${messages.toLocaleString('en')} messages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
        const times = await queryTimes(db);
        await db.destroy();
        const secret = { SESSION_SECRET: randomBytes(32).toString('hex') };
        const server = await start({ ...env, ...secret });
        try {
          const cookie = { cookie: await login(server.url) };
          const count = await rate(`${server.url}/api/messages/unread-count`, cookie);
          const list = await rate(`${server.url}/api/messages/conversations`, cookie);
          const ms = (x: number) => x.toFixed(3);
          lines.push(
            `| ${engine.name} | ${messages.toLocaleString('en')} | ${count.rps} (${count.p99}) | ${list.rps} (${list.p99}) | ${ms(times.sum)} | ${ms(times.counter)} | ${ms(times.page)} |`,
          );
          console.error(lines.at(-1));
          // The reader lane once per engine, on the smaller world (cached reads do not depend on it).
          if (n === 0) {
            const off = await start({ ...env, ...secret, READER_LANE: '0' });
            try {
              for (const read of PUBLIC_READS) {
                const on = await rate(server.url + read, cookie);
                const without = await rate(off.url + read, cookie);
                laneLines.push(`| ${engine.name} ${read} | ${on.rps} (${on.p99}) | ${without.rps} (${without.p99}) |`);
                console.error(laneLines.at(-1));
              }
            } finally {
              await stop(off);
            }
          }
        } finally {
          await stop(server);
        }
      } finally {
        await drop();
      }
    }
  }
  const head = `# Bench: personal reads and the reader lane\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')}; load average before the run ${load}.\n`;
  const table = [head, ...lines, ...laneLines, ''].join('\n');
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results', 'personal-reads.md'), table);
  console.log(table);
}
