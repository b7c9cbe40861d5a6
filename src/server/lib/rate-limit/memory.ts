import type { RateLimitStore } from './index';

/** Enough for every address and account of a busy single process; forged keys beyond it evict the oldest. */
export const MEMORY_STORE_MAX_KEYS = 100_000;

export class MemoryRateLimitStore implements RateLimitStore {
  // A Map iterates in insertion order; moving a key to the end on every hit makes the first key
  // the least recently used one, which is the one to drop when the cap is reached.
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = MEMORY_STORE_MAX_KEYS) {}

  get size(): number {
    return this.buckets.size;
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let bucket = this.buckets.get(key);
    if (bucket) this.buckets.delete(key);
    if (!bucket || bucket.resetAt <= now) bucket = { count: 0, resetAt: now + windowMs };
    bucket.count++;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.evict(now);
    return { count: bucket.count, resetMs: bucket.resetAt - now };
  }

  async refund(key: string) {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt > Date.now() && bucket.count > 0) bucket.count--;
  }

  async reset(key: string) {
    this.buckets.delete(key);
  }

  // Nothing outside the process to lose.
  async ping() {}

  async close() {
    this.buckets.clear();
  }

  /** Drops expired buckets first (a cheap pass over the oldest), then the least recently used. */
  private evict(now: number) {
    let scanned = 0;
    for (const [k, b] of this.buckets) {
      if (this.buckets.size <= this.maxKeys || ++scanned > 1000) break;
      if (b.resetAt <= now) this.buckets.delete(k);
    }
    for (const k of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(k);
    }
  }
}
