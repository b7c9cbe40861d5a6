import type { Db } from '../../db/index';
import type { RateLimitStore } from './index';
import { deleteCounter, hitCounter, pingCounters, refundCounter, sweepCounters } from './postgres-repo';

const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1000;

/**
 * Counters in the `rate_limits` table, for PostgreSQL deployments without Redis: one upsert per
 * hit. Windows are in milliseconds by the process's clock, as the memory store's and the
 * sessions' are: processes a second apart disagree by a second on a window of minutes. Expired rows are swept a batch at a time, at most once a minute
 * per process, by a hit that comes along; nobody waits for it.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private lastSweep = 0;

  /** `owned`: the store made this database handle (a pool of its own) and closes it. */
  constructor(
    private readonly db: Db,
    private readonly owned = false,
  ) {}

  async hit(key: string, windowMs: number) {
    const answer = await hitCounter(this.db, key, windowMs, Date.now());
    this.sweep();
    return answer;
  }

  refund(key: string) {
    return refundCounter(this.db, key, Date.now());
  }

  reset(key: string) {
    return deleteCounter(this.db, key);
  }

  ping() {
    return pingCounters(this.db);
  }

  async close() {
    if (this.owned) await this.db.destroy();
  }

  /** Removes up to a batch of rows whose window has passed; answers how many. */
  sweepExpired(): Promise<number> {
    return sweepCounters(this.db, SWEEP_BATCH, Date.now());
  }

  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    // A sweep that fails is tried again a minute later; expired rows only take room meanwhile.
    this.sweepExpired().catch(() => undefined);
  }
}
