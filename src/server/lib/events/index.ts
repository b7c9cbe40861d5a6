import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { redisPrefixFor } from '../redis/index';
import { sharedStateKind } from '../shared-state';
import type { EventLog } from './local';
import { createMemoryEventBus } from './memory';
import type { EventBus } from './port';
import { createPostgresEventBus } from './postgres';
import { createRedisEventBus } from './redis';

export type { EventBus } from './port';
export type { EventLog } from './local';

const quiet: EventLog = { warn: () => undefined, error: () => undefined };

type BusConfig = Pick<Config, 'database' | 'redisUrl' | 'redisPrefix' | 'events'>;

/**
 * EVENTS: Redis pub/sub (the default with REDIS_URL) or LISTEN/NOTIFY (the default on
 * PostgreSQL), so every process of a deployment hears every publication; else in one process
 * (SQLite, or a tool given no database, which only ever publishes to itself).
 */
export function createEventBus(config: BusConfig, db?: Db, log: EventLog = quiet): EventBus {
  const kind = sharedStateKind(config, 'EVENTS', config.events);
  const database = config.database;
  if (kind === 'redis') return createRedisEventBus({ url: config.redisUrl as string, prefix: redisPrefixFor(config), log });
  if (kind === 'postgres' && database.kind === 'postgres' && db) return createPostgresEventBus({ url: database.url, schema: database.schema, db, log });
  return createMemoryEventBus(log);
}
