import type { RateLimitStore } from './index';

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private sweeps = 0;

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    // An occasional sweep keeps the map from growing with one-off keys.
    if (++this.sweeps % 1000 === 0) {
      for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
    }
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + windowMs };
      this.buckets.set(key, bucket);
    }
    bucket.count++;
    return { count: bucket.count, resetMs: bucket.resetAt - now };
  }

  async peek(key: string) {
    const now = Date.now();
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) return { count: 0, resetMs: 0 };
    return { count: bucket.count, resetMs: bucket.resetAt - now };
  }

  async reset(key: string) {
    this.buckets.delete(key);
  }

  async close() {
    this.buckets.clear();
  }
}
