import type { Config } from '../../config';
import { createDb, type Db } from '../../db/index';
import { redisPrefixFor } from '../redis/index';
import { sharedStateKind } from '../shared-state';
import { FailSafeRateLimitStore, type RateLimitLog } from './fail-safe';
import { MemoryRateLimitStore } from './memory';
import { PostgresRateLimitStore } from './postgres';
import { RedisRateLimitStore } from './redis';

/** What a failing shared store means for a limit: let the attempt through, or count it in this process. */
export type StoreFailure = 'open' | 'local';

export interface RateLimitStore {
  /**
   * Counts one attempt under `key` in a fixed window and answers the count including it, in
   * one atomic step, so parallel attempts each see a different count.
   */
  hit(key: string, windowMs: number, whenFails?: StoreFailure): Promise<{ count: number; resetMs: number }>;
  /** Takes back one counted attempt (one that turned out to be legitimate) while its window lasts. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers now; throws when not. Readiness asks it. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const quiet: RateLimitLog = { warn: () => undefined };

/**
 * RATE_LIMIT_STORE: Redis (the default with REDIS_URL) or the `rate_limits` table (the default
 * on PostgreSQL), so the processes of a deployment share one count, behind the fail-safe; else
 * this process's memory (SQLite, or a tool given no database).
 */
export function createRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'database' | 'rateLimitStore'>,
  db?: Db,
  log: RateLimitLog = quiet,
): RateLimitStore {
  const kind = sharedStateKind(config, 'RATE_LIMIT_STORE', config.rateLimitStore);
  if (kind === 'redis') return new FailSafeRateLimitStore(new RedisRateLimitStore(config.redisUrl as string, `${redisPrefixFor(config)}rl:`, log), log);
  // A pool of its own: limits are counted inside transactions too (a first message counts
  // against the new-conversation limit where it is decided), and a hit that waited for the app's
  // pool while every connection held such a transaction would wait for ever.
  if (kind === 'postgres' && db && config.database.kind === 'postgres') {
    return new FailSafeRateLimitStore(new PostgresRateLimitStore(createDb(config.database, { poolMax: 3 }), true), log);
  }
  return new MemoryRateLimitStore();
}

export interface Limit {
  /** Name of the limited action, part of the key. */
  name: string;
  max: number;
  windowMs: number;
  /** When the shared store fails: `open` (the default) lets attempts through, `local` counts them in this process. */
  whenStoreFails?: StoreFailure;
}

export { FailSafeRateLimitStore, MemoryRateLimitStore, PostgresRateLimitStore, RedisRateLimitStore };
export { consume, refund, resetLimit } from './consume';
