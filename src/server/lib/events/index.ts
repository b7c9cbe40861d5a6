import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { EventLog } from './local';
import { createMemoryEventBus } from './memory';
import type { EventBus } from './port';
import { createPostgresEventBus } from './postgres';

export type { EventBus } from './port';
export type { EventLog } from './local';

const quiet: EventLog = { warn: () => undefined, error: () => undefined };

/**
 * LISTEN/NOTIFY on PostgreSQL, so every process of one database hears every publication; in
 * one process otherwise (SQLite, or a tool given no database: it only ever publishes to itself).
 */
export function createEventBus(config: Pick<Config, 'database'>, db?: Db, log: EventLog = quiet): EventBus {
  const database = config.database;
  if (database.kind === 'postgres' && db) return createPostgresEventBus({ url: database.url, schema: database.schema, db, log });
  return createMemoryEventBus(log);
}
