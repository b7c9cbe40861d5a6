import { AppError } from '../../errors';
import type { Limit, RateLimitStore } from './index';

/**
 * Counts an attempt against each key and throws 429 with Retry-After once any is over. The
 * count comes first and is atomic, so call this before the slow work (a password check): of
 * any number of parallel attempts at most `max` get through. Keys are e.g. "ip:1.2.3.4" and
 * "account:x@y.z", so a flood from one address cannot lock out an account for longer than
 * the window.
 */
export async function consume(store: RateLimitStore, limit: Limit, keys: string[]): Promise<void> {
  for (const key of keys) {
    const { count, resetMs } = await store.hit(`${limit.name}:${key}`, limit.windowMs, limit.whenStoreFails);
    if (count > limit.max) {
      const seconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw new AppError(429, 'rateLimited', { seconds }, { retryAfter: seconds });
    }
  }
}

/** Gives back an attempt `consume` counted, for one that turned out to be legitimate. */
export async function refund(store: RateLimitStore, limit: Limit, key: string): Promise<void> {
  await store.refund(`${limit.name}:${key}`);
}

/** Forgets every attempt counted under the key, e.g. an account's failed logins after a success. */
export async function resetLimit(store: RateLimitStore, limit: Limit, key: string): Promise<void> {
  await store.reset(`${limit.name}:${key}`);
}
