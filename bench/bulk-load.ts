import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../src/server/db/index';

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again: one sorted
 * build per index is several times faster than keeping every index (and SQLite's trigram FTS
 * table, fed by a trigger for each row) up to date row by row. Read from the schema the
 * migrations made, so a new index is deferred too without a change here.
 *
 * SQLite: indexes with their CREATE text; an `after insert` trigger whose body is a single
 * `insert into X (cols) values (new...)` is dropped, and afterwards X is filled from the loaded
 * rows in one statement before the trigger is created again. Any other trigger stays and fires.
 * Primary keys and unique constraints stay (their conflicts are part of the load).
 * PostgreSQL: every index not backing a constraint.
 */
export async function withDeferredIndexes(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const restore = isPostgresDb(db) ? await deferPostgres(db, tables) : await deferSqlite(db, tables);
  await load();
  await restore();
}

interface SqliteObject {
  type: 'index' | 'trigger';
  name: string;
  tbl_name: string;
  sql: string;
}

const SIMPLE_INSERT_TRIGGER = /^create trigger \S+ after insert on (\S+) begin\s+insert into (\S+) \(([^)]*)\) values \(([^)]*)\);\s*end$/is;

async function deferSqlite(db: Db, tables: string[]): Promise<() => Promise<void>> {
  const objects = (
    await sql<SqliteObject>`select type, name, tbl_name, sql from sqlite_master
      where type in ('index', 'trigger') and sql is not null and tbl_name in (${sql.join(tables)})`.execute(db)
  ).rows;
  const deferred = objects.filter((o) => o.type === 'index' || SIMPLE_INSERT_TRIGGER.test(o.sql.trim()));
  // Rows there before the load went through the trigger already.
  const before = new Map<string, number>();
  for (const o of deferred.filter((x) => x.type === 'trigger')) {
    before.set(o.name, (await sql<{ last: number | null }>`select max(rowid) as last from ${sql.table(o.tbl_name)}`.execute(db)).rows[0]?.last ?? 0);
  }
  for (const o of deferred) await sql.raw(`drop ${o.type} ${o.name}`).execute(db);
  return async () => {
    for (const o of deferred.filter((x) => x.type === 'index')) await sql.raw(o.sql).execute(db);
    for (const o of deferred.filter((x) => x.type === 'trigger')) {
      const [, source, target, columns, values] = SIMPLE_INSERT_TRIGGER.exec(o.sql.trim()) as unknown as [string, string, string, string, string];
      // The rows the trigger would have copied one by one, copied at once (`new.x` is the row's `x`).
      await sql.raw(`insert into ${target} (${columns}) select ${values.replace(/\bnew\./gi, '')} from ${source} where rowid > ${before.get(o.name) ?? 0}`).execute(db);
      await sql.raw(o.sql).execute(db);
    }
  };
}

async function deferPostgres(db: Db, tables: string[]): Promise<() => Promise<void>> {
  const indexes = (
    await sql<{ name: string; definition: string }>`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))`.execute(db)
  ).rows;
  for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);
  return () =>
    db.transaction().execute(async (trx) => {
      // Each index build may use more memory than a query's default: a sort in memory instead of on disk.
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const i of indexes) await sql.raw(i.definition).execute(trx);
    });
}
