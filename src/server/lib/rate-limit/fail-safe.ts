import type { RateLimitStore, StoreFailure } from './index';
import { MemoryRateLimitStore } from './memory';

export interface RateLimitLog {
  warn(obj: object, msg: string): void;
}

// One warning per this long while the store keeps failing, not one per request.
const WARN_EVERY_MS = 30_000;

/**
 * A shared store (Redis, PostgreSQL) that never fails a request: when it does not answer, an
 * attempt is let through with a logged warning, or for the limits that guard passwords (login,
 * password reset: `whenStoreFails: 'local'`) counted by this process alone, which still stops
 * a guesser at the process's limit. Refunds and resets reach the local counts too, so a
 * success during the outage clears them as it would the shared ones.
 */
export class FailSafeRateLimitStore implements RateLimitStore {
  private readonly local = new MemoryRateLimitStore();
  private lastWarning = 0;
  private failures = 0;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly log: RateLimitLog,
  ) {}

  async hit(key: string, windowMs: number, whenFails: StoreFailure = 'open') {
    try {
      return await this.shared.hit(key, windowMs);
    } catch (err) {
      this.warn(err, whenFails === 'local' ? 'rate limits: store failed, counting in this process' : 'rate limits: store failed, letting the attempt through');
      if (whenFails === 'local') return this.local.hit(key, windowMs);
      return { count: 0, resetMs: 0 };
    }
  }

  async refund(key: string) {
    await this.local.refund(key);
    await this.shared.refund(key).catch((err: unknown) => this.warn(err, 'rate limits: store failed, refund not counted'));
  }

  async reset(key: string) {
    await this.local.reset(key);
    await this.shared.reset(key).catch((err: unknown) => this.warn(err, 'rate limits: store failed, reset not counted'));
  }

  ping() {
    return this.shared.ping();
  }

  async close() {
    await this.local.close();
    await this.shared.close();
  }

  private warn(err: unknown, msg: string): void {
    this.failures++;
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.log.warn({ err, failures: this.failures }, msg);
    this.failures = 0;
  }
}
