import { createClient } from 'redis';
import type { RateLimitStore } from './index';

type Client = ReturnType<typeof createClient>;

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

  async peek(key: string) {
    const client = await this.connection();
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([client.get(k), client.pTTL(k)]);
    return { count: Number(count ?? 0), resetMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string) {
    const client = await this.connection();
    await client.del(this.prefix + key);
  }

  async close() {
    if (this.client) await this.client.quit();
  }
}
