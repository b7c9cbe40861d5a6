import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  child_columns: string[];
  parent_columns: string[];
  validated: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What the database itself says is broken after a run: SQLite's integrity and foreign-key
 * checks; on PostgreSQL, each foreign key of the schema must be validated and name no missing
 * row (a key added NOT VALID, or one dropped and put back, would not be checked by the engine).
 */
export async function databaseProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  if (!isPostgresDb(db)) {
    const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    for (const row of integrity.rows) if (row.integrity_check !== 'ok') problems.push(`integrity_check: ${row.integrity_check}`);
    const orphans = await sql<{ table: string; rowid: number; parent: string }>`PRAGMA foreign_key_check`.execute(db);
    for (const row of orphans.rows.slice(0, 20)) problems.push(`foreign_key_check: ${row.table} row ${row.rowid} names a missing ${row.parent}`);
    return problems;
  }
  const keys = await sql<ForeignKey>`
    select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent, c.convalidated as validated,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(num, ord) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.ord) as child_columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(num, ord) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.ord) as parent_columns
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  for (const key of keys.rows) {
    if (!key.validated) problems.push(`foreign key ${key.name} is not validated`);
    const notNull = key.child_columns.map((c) => `x.${quote(c)} is not null`).join(' and ');
    const joined = key.child_columns.map((c, i) => `p.${quote(key.parent_columns[i] as string)} = x.${quote(c)}`).join(' and ');
    const orphans = await sql<{ n: string }>`select count(*) as n from ${sql.raw(key.child)} x where ${sql.raw(notNull)} and not exists (select 1 from ${sql.raw(key.parent)} p where ${sql.raw(joined)})`.execute(db);
    const count = Number(orphans.rows[0]?.n ?? 0);
    if (count) problems.push(`foreign key ${key.name}: ${count} rows of ${key.child} name a missing ${key.parent}`);
  }
  return problems;
}
