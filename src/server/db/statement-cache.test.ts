import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SQLite, type SQLiteDatabase } from './sqlite-driver';
import { keepingStatements } from './statement-cache';

describe('keepingStatements', () => {
  let sqlite: SQLiteDatabase;
  afterEach(() => sqlite?.close());

  function open(max?: number) {
    sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite, max) }) });
    return { db, prepare };
  }

  it('prepares each query text once and answers every run with its own parameters', async () => {
    const { db, prepare } = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    const names: unknown[] = [];
    for (const id of [1, 2, 3]) names.push((await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst())?.name);
    expect(names).toEqual(['a', 'b', 'c']);
    const texts = prepare.mock.calls.map(([text]) => text);
    expect(texts.filter((t) => t.startsWith('insert'))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('select'))).toHaveLength(1);
  });

  it('forgets the least recently used text past its bound', async () => {
    const { db, prepare } = open(2);
    const one = () => sql`select 1 as n`.execute(db);
    const two = () => sql`select 2 as n`.execute(db);
    const three = () => sql`select 3 as n`.execute(db);
    await one();
    await two();
    await one(); // used again: now two is the oldest
    await three(); // evicts two
    await one();
    await two();
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 2 as n']);
  });

  it('reads a changed table through a kept statement', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`alter table t add column name text default 'x'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'x' }]);
  });

  it('streams through a kept statement and runs it again afterwards', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1), (2), (3)`.execute(db);
    const query = db.selectFrom('t').select('id').orderBy('id');
    const seen: unknown[] = [];
    for await (const row of query.stream()) {
      seen.push(row.id);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
