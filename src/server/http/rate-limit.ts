import type { Language } from '../../common/languages';
import { AppError } from '../errors';
import type { Limit, RateLimitStore } from '../lib/rate-limit/index';

/**
 * Counts an attempt against each key and throws 429 with Retry-After once any is over.
 * Keys are e.g. "ip:1.2.3.4" and "account:x@y.z", so a flood from one address cannot lock
 * out an account for longer than the window.
 */
export async function consume(store: RateLimitStore, limit: Limit, keys: string[]): Promise<void> {
  for (const key of keys) {
    const { count, resetMs } = await store.hit(`${limit.name}:${key}`, limit.windowMs);
    if (count > limit.max) {
      const seconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw new AppError(429, 'rateLimited', { seconds }, { retryAfter: seconds });
    }
  }
}

/** Throws 429 when a key is already over its limit, without counting (for checks before a failure is known). */
export async function check(store: RateLimitStore, limit: Limit, keys: string[]): Promise<void> {
  for (const key of keys) {
    const { count, resetMs } = await store.peek(`${limit.name}:${key}`);
    if (count >= limit.max) {
      const seconds = Math.max(1, Math.ceil(resetMs / 1000));
      throw new AppError(429, 'rateLimited', { seconds }, { retryAfter: seconds });
    }
  }
}

export type { Language };
