import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { createDb, migrateToLatest, type Db } from '../db/index';
import { createTestSchema, type Engine } from './app';

export interface TestDatabase {
  /** Where it is, for a second connection (another process's pool). */
  database: Config['database'];
  db: Db;
  close(): Promise<void>;
}

/** A migrated, empty database without an app: a SQLite file in a temp folder, or a fresh PostgreSQL schema. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tgs-db-'));
  const pgSchema = engine === 'postgres' ? await createTestSchema('t_db') : undefined;
  const database: Config['database'] = pgSchema
    ? { kind: 'postgres', url: pgSchema.url, schema: pgSchema.schema }
    : { kind: 'sqlite', file: path.join(dir, 'test.db') };
  const db = createDb(database);
  await migrateToLatest(db);
  return {
    database,
    db,
    async close() {
      await db.destroy();
      await pgSchema?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
