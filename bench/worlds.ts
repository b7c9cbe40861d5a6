import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScaledDatabase } from './scaled-data';

export type Engine = 'sqlite' | 'postgres';

export interface WorldShape {
  engine: Engine;
  users: number;
  listings: number;
  messages: number;
}

/** A fresh copy of a built world for one run: what the server's environment needs to open it. */
export interface WorldCopy {
  /** The server's DATA_DIR, a fresh temporary folder. */
  dataDir: string;
  /** DATA_DIR and DATABASE_URL for the server. */
  env: Record<string, string>;
  /** Seconds the world took to build in this run; null when a kept one was reused. */
  buildSeconds: number | null;
  dispose(): Promise<void>;
}

const ROOT = path.join(import.meta.dirname, '..');
/** Built SQLite worlds, kept between runs (node_modules/.cache is outside the repository's files). */
const WORLD_DIR = process.env.BENCH_WORLD_DIR ?? path.join(ROOT, 'node_modules', '.cache', 'tgs-bench');

/**
 * What a world is made of: its shape, the schema (every migration's text), the search service
 * (whose index version a start would otherwise rebuild to) and the generator's own code. A kept world is reused only when this matches, so a new
 * migration or a change to the scaled data builds it again.
 */
function shapeKey(shape: WorldShape): string {
  const hash = createHash('sha256').update(JSON.stringify(shape));
  const sources = (dir: string, keep: (name: string) => boolean) =>
    readdirSync(dir)
      .filter(keep)
      .sort()
      .forEach((name) => hash.update(name).update(readFileSync(path.join(dir, name))));
  sources(path.join(ROOT, 'src', 'server', 'db', 'migrations'), (n) => n.endsWith('.ts'));
  sources(path.join(ROOT, 'src', 'server', 'modules', 'search'), (n) => n === 'service.ts');
  sources(import.meta.dirname, (n) => /^(scaled-.*|bulk-load|stable-pick)\.ts$/.test(n));
  return hash.digest('hex').slice(0, 16);
}

const BASE_ENV = { NODE_ENV: 'production', DEMO_DATA: '0', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'warn' };

/** Builds the world unless a kept one of the same shape key exists (BENCH_REBUILD=1 always builds), and hands out a copy. */
export async function prepareWorld(shape: WorldShape, log: (line: string) => void, pgUrl?: string): Promise<WorldCopy> {
  const key = shapeKey(shape);
  const rebuild = process.env.BENCH_REBUILD === '1';
  if (shape.engine === 'postgres') {
    if (!pgUrl) throw new Error('the PostgreSQL bench needs BENCH_DATABASE_URL');
    return preparePostgres(shape, key, rebuild, log, pgUrl);
  }
  mkdirSync(WORLD_DIR, { recursive: true });
  const prefix = `sqlite-${shape.listings}-`;
  const file = path.join(WORLD_DIR, `${prefix}${key}.db`);
  let buildSeconds: number | null = null;
  if (rebuild || !existsSync(file)) {
    // A world of another shape at this scale is out of date: its disk space goes first.
    for (const old of readdirSync(WORLD_DIR).filter((n) => n.startsWith(prefix))) rmSync(path.join(WORLD_DIR, old), { force: true });
    const buildDir = mkdtempSync(path.join(tmpdir(), 'tgs-bench-build-'));
    try {
      buildSeconds = await build(shape, { ...BASE_ENV, DATA_DIR: buildDir }, log);
      // Closing the database folded its write-ahead log into the file, which alone is the world.
      renameSync(path.join(buildDir, 'app.db'), file);
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  } else log(`  reusing the SQLite world ${path.relative(ROOT, file)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-bench-'));
  // The server writes (sessions, counters): each run reads a copy, so the kept world stays as built.
  copyFileSync(file, path.join(dataDir, 'app.db'));
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    buildSeconds,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * PostgreSQL: the world is a database `<name>_<listings>` (name from BENCH_DATABASE_URL) whose
 * comment holds its shape key; each run gets `CREATE DATABASE ... TEMPLATE` of it, dropped after.
 */
async function preparePostgres(shape: WorldShape, key: string, rebuild: boolean, log: (line: string) => void, pgUrl: string): Promise<WorldCopy> {
  const base = new URL(pgUrl).pathname.slice(1) || 'bench_world';
  const world = `${base}_${shape.listings}`;
  const run = `${base}_run`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-bench-'));
  let buildSeconds: number | null = null;
  const admin = new pg.Client({ connectionString: databaseUrl(pgUrl, 'postgres') });
  await admin.connect();
  const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
  try {
    const found = await admin.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [world]);
    if (rebuild || found.rows[0]?.comment !== key) {
      await admin.query(`drop database if exists ${id(world)} with (force)`);
      await admin.query(`create database ${id(world)}`);
      buildSeconds = await build(shape, { ...BASE_ENV, DATA_DIR: dataDir, DATABASE_URL: databaseUrl(pgUrl, world) }, log);
      // Written last: a build that stopped half way has no key and is built again.
      await admin.query(`comment on database ${id(world)} is '${key}'`);
    } else log(`  reusing the PostgreSQL world ${world}`);
    await admin.query(`drop database if exists ${id(run)} with (force)`);
    await admin.query(`create database ${id(run)} template ${id(world)}`);
  } finally {
    await admin.end();
  }
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(pgUrl, run) },
    buildSeconds,
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: databaseUrl(pgUrl, 'postgres') });
      await client.connect();
      await client.query(`drop database if exists ${id(run)} with (force)`);
      await client.end();
    },
  };
}

async function build(shape: WorldShape, env: Record<string, string>, log: (line: string) => void): Promise<number> {
  const count = (n: number) => n.toLocaleString('en');
  log(`  building a ${shape.engine} world: ${count(shape.users)} users, ${count(shape.listings)} guest spots and as many availabilities, ${count(shape.messages)} messages`);
  const started = performance.now();
  await createScaledDatabase(env, shape.users, shape.listings, shape.messages, log);
  const seconds = (performance.now() - started) / 1000;
  log(`  built in ${seconds.toFixed(0)} s`);
  return seconds;
}
