import { closeRedis, openRedis, type RedisClient, type RedisLog } from '../redis/index';
import type { RateLimitStore } from './index';

// A script runs atomically: the count and its window are set together, and a key never lives
// without expiry. (MULTI would do too, but the client queues a MULTI while the link is down
// instead of failing it, and gives it no timeout.)
const HIT_SCRIPT = "local c = redis.call('incr', KEYS[1]) if redis.call('pttl', KEYS[1]) < 0 then redis.call('pexpire', KEYS[1], ARGV[1]) end return {c, redis.call('pttl', KEYS[1])}";
const REFUND_SCRIPT = "if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

const quiet: RedisLog = { warn: () => undefined };

/**
 * Counters in Redis, shared by every process of a deployment, one script call per hit. A command fails at once while the link is down (and after a second otherwise), so a request
 * never waits for Redis; the caller decides what a failure means (src/server/lib/rate-limit/fail-safe.ts).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private client: RedisClient | undefined;
  private firstLink: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly prefix = 'tgs:rl:',
    private readonly log: RedisLog = quiet,
  ) {}

  /** The client; the first calls wait (up to a second) for the first connection attempt, later ones never wait. */
  private async connection(): Promise<RedisClient> {
    if (!this.client) {
      const { client, connected } = openRedis({ url: this.url, name: `${this.prefix}client`, what: 'rate limits', log: this.log, failWhenOffline: true, commandTimeoutMs: 1000 });
      this.client = client;
      let timer: NodeJS.Timeout | undefined;
      // Whichever comes first: the link, its first failure, or a second.
      const failed = new Promise<void>((resolve) => client.once('error', () => resolve()));
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)));
      this.firstLink = Promise.race([connected, failed, waited]).finally(() => clearTimeout(timer));
    }
    await this.firstLink;
    return this.client;
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    const [count, ttl] = (await (await this.connection()).eval(HIT_SCRIPT, { keys: [k], arguments: [String(windowMs)] })) as [number, number];
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
  }

  async refund(key: string) {
    // Only a live counter is decremented: a DECR on an expired key would leave a -1 without expiry.
    await (await this.connection()).eval(REFUND_SCRIPT, { keys: [this.prefix + key] });
  }

  async reset(key: string) {
    await (await this.connection()).del(this.prefix + key);
  }

  async ping() {
    await (await this.connection()).ping();
  }

  async close() {
    if (this.client) await closeRedis(this.client);
  }
}
