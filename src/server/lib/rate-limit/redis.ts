import { createClient } from 'redis';
import type { RateLimitStore } from './index';

type Client = ReturnType<typeof createClient>;

const REFUND_SCRIPT = "if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

export class RedisRateLimitStore implements RateLimitStore {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;

  constructor(private readonly url: string, private readonly prefix = 'tgs:rl:') {}

  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    this.connecting ??= createClient({ url: this.url })
      .connect()
      .then((c) => (this.client = c as Client));
    return this.connecting;
  }

  async hit(key: string, windowMs: number) {
    const client = await this.connection();
    const k = this.prefix + key;
    const [count, , ttl] = (await client.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec()) as unknown as [number, unknown, number];
    return { count: Number(count), resetMs: Math.max(0, Number(ttl)) };
  }

  async refund(key: string) {
    const client = await this.connection();
    // Only a live counter is decremented: a DECR on an expired key would leave a -1 without expiry.
    await client.eval(REFUND_SCRIPT, { keys: [this.prefix + key] });
  }

  async reset(key: string) {
    const client = await this.connection();
    await client.del(this.prefix + key);
  }

  async close() {
    if (this.client) await this.client.quit();
  }
}
