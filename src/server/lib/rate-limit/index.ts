import type { Config } from '../../config';
import { MemoryRateLimitStore } from './memory';
import { RedisRateLimitStore } from './redis';

export interface RateLimitStore {
  /**
   * Counts one attempt under `key` in a fixed window and answers the count including it, in
   * one atomic step, so parallel attempts each see a different count.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Takes back one counted attempt (one that turned out to be legitimate) while its window lasts. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set, so several processes share one limit; memory otherwise. */
export function createRateLimitStore(config: Pick<Config, 'redisUrl'>): RateLimitStore {
  return config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore();
}

export interface Limit {
  /** Name of the limited action, part of the key. */
  name: string;
  max: number;
  windowMs: number;
}

export { MemoryRateLimitStore, RedisRateLimitStore };
export { consume, refund, resetLimit } from './consume';
