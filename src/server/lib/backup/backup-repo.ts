import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { SQLite } from '../../db/sqlite-driver';

/** Kysely's own table of applied migrations (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

export interface MigrationLevel {
  /** The name of the newest applied migration; null when none ran. */
  latest: string | null;
  count: number;
}

/** The schema the pool's search_path lands on: what pg_dump is told to dump. */
export async function currentSchema(db: Db): Promise<string | null> {
  const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(db);
  return rows[0]?.name ?? null;
}

/** The first schema named by the search_path, existing or not ("$user" skipped): where a restore lands. */
export async function searchPathSchema(db: Db): Promise<string | null> {
  const { rows } = await sql<{ search_path: string }>`show search_path`.execute(db);
  const entries = (rows[0]?.search_path ?? '')
    .split(',')
    .map((e) => e.trim().replace(/^"(.*)"$/, '$1'))
    .filter((e) => e && e !== '$user');
  return entries[0] ?? null;
}

export async function postgresMigrationLevel(db: Db, schema: string): Promise<MigrationLevel> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.${MIGRATION_TABLE}`)} order by name`.execute(db);
  return { latest: rows.at(-1)?.name ?? null, count: rows.length };
}

/** The server's version as `SHOW server_version_num` gives it (150020 for 15.20). */
export async function postgresServerVersion(db: Db): Promise<number> {
  const { rows } = await sql<{ server_version_num: string }>`show server_version_num`.execute(db);
  return Number(rows[0]?.server_version_num);
}

/** How many tables a schema holds; 0 for a schema that does not exist. */
export async function postgresTableCount(db: Db, schema: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = ${schema}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface Extension {
  name: string;
  schema: string;
}

/**
 * The extensions of the database outside pg_catalog. A dump of one schema leaves them out (the
 * migrations put pg_trgm and unaccent in `public`, shared by every schema), yet the dumped
 * indexes and search configurations name them, so a restore creates them first.
 */
export async function postgresExtensions(db: Db): Promise<Extension[]> {
  const { rows } = await sql<Extension>`select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where n.nspname <> 'pg_catalog' order by e.extname`.execute(db);
  return rows;
}

/**
 * Makes what a restore lands in: the schema (the dump leaves it out, see restoreDump) and the
 * extensions where they are missing; answers the extensions it could not create. The lock keeps parallel restores and migrations from
 * creating one twice (the migrations take the same kind of lock).
 */
export async function preparePostgresTarget(db: Db, schema: string, extensions: Extension[]): Promise<string[]> {
  // The source database may hold extensions the app never used; one that cannot be made here
  // is reported, and pg_restore fails clearly if the dump did need it.
  const missing: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7316140)`.execute(trx);
    await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
    for (const ext of extensions) {
      await sql`savepoint extension`.execute(trx);
      try {
        await sql`create schema if not exists ${sql.id(ext.schema)}`.execute(trx);
        await sql`create extension if not exists ${sql.id(ext.name)} with schema ${sql.id(ext.schema)}`.execute(trx);
        await sql`release savepoint extension`.execute(trx);
      } catch {
        await sql`rollback to savepoint extension`.execute(trx);
        missing.push(ext.name);
      }
    }
  });
  return missing;
}

/**
 * Reads a SQLite file (a backup's copy, or a restore's target) without changing its rows: its
 * migration level, its tables, and SQLite's own quick check of its structure.
 */
export function inspectSqliteFile(file: string): { migration: MigrationLevel; tables: number; check: string } {
  // Read-write, because a file in WAL mode cannot be opened read-only before its -shm exists.
  const db = new SQLite(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const tables = db.prepare(`select count(*) from sqlite_master where type = 'table' and name not like 'sqlite_%'`).pluck().get() as number;
    const hasMigrations = db.prepare(`select count(*) from sqlite_master where type = 'table' and name = ?`).pluck().get(MIGRATION_TABLE) as number;
    const names = hasMigrations ? (db.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[]) : [];
    const check = db.pragma('quick_check', { simple: true }) as string;
    return { migration: { latest: names.at(-1) ?? null, count: names.length }, tables, check };
  } finally {
    db.close();
  }
}
