import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SQLite } from './sqlite-driver';
import { keepingStatements } from './statement-cache';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// COUNT(*) and BIGINT come back as strings from pg; every count we read fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

// Kysely keeps its pool to itself; the metrics read the pool's counts.
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool behind a PostgreSQL database made by createDb; undefined on SQLite. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb(database: Config['database'], opts: { poolMax?: number } = {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: opts.poolMax ?? 10,
      // A database that stops answering turns requests into 503s instead of holding them past
      // the 30 s a request may take. The wait for a free connection counts too, so it stays well
      // above what a burst of parallel writes queues for (a refused connection fails at once).
      connectionTimeoutMillis: 20_000,
      // No JIT: it compiles a plan whose estimated cost passes a threshold, and the site search's
      // plans (a probe a match, estimated over every match) took 1.5 s to compile for a query that
      // runs in milliseconds. The app's queries are short reads and writes, none JIT would help.
      options: ['-c jit=off', ...(database.schema ? [`-c search_path=${database.schema}`] : [])].join(' '),
    });
    // An idle connection dropped by a restarting server emits 'error' on the pool; unheard, that
    // would end the process. The pool replaces the connection on the next checkout.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its own tables in every schema; with a schema per test file (search_path)
  // it would find another file's lock table and fail, so name the schema we migrate.
  const schema = isPostgresDb(db) ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}
