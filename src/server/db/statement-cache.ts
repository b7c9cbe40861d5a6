import type { SQLiteDatabase } from './sqlite-driver';

type Statement = ReturnType<SQLiteDatabase['prepare']>;

/** Distinct query texts kept prepared: the app's queries are a few hundred texts, `in (?, ?, …)` lists add more. */
export const KEPT_STATEMENTS = 1000;

/**
 * The database Kysely's SQLite dialect is given: better-sqlite3 with each query text prepared
 * once. The dialect prepares the text of every query it runs, which took a quarter of the SQL
 * time of a list read (parsing and planning the same text again and again). Reusing a statement
 * is safe because the dialect runs one query at a time on its one connection, and SQLite
 * prepares a kept statement again by itself after a schema change. The least recently used text
 * goes first once `max` are kept.
 */
export function keepingStatements(sqlite: SQLiteDatabase, max = KEPT_STATEMENTS): { close(): void; prepare(text: string): Statement } {
  const kept = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else statement = sqlite.prepare(text);
      kept.set(text, statement);
      if (kept.size > max) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
