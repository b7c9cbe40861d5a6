import { createClient } from 'redis';
import { afterAll, expect, it, vi } from 'vitest';
import { createAnswerCache } from './bytes';
import { createInvalidation } from './invalidation';
import { createRedisTagChannel } from './redis-channel';
import type { TagChannel } from './channel';
import { describeWith, redisHint, servicesRequired, TEST_REDIS_URL } from '../../test/services';

const REDIS_URL = TEST_REDIS_URL;
const log = { warn: () => undefined, error: () => undefined };

async function redisUp(): Promise<boolean> {
  const c = createClient({ url: REDIS_URL, socket: { connectTimeout: 500, reconnectStrategy: false } });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.quit();
    return true;
  } catch {
    return false;
  }
}

// Redis runs where the suite promises it (CI), and fails loudly there when it is missing.
const redis = { what: `Redis at ${REDIS_URL}`, available: await redisUp(), required: servicesRequired, hint: redisHint };

describeWith(redis, 'cache tags over Redis', () => {
  const channels: TagChannel[] = [];
  const name = `tgs:cache-tags:test-${process.pid}`;
  const channel = (n = name) => {
    const c = createRedisTagChannel({ url: REDIS_URL, channel: n, log });
    channels.push(c);
    return c;
  };
  afterAll(async () => {
    for (const c of channels) await c.close();
  });

  it('reaches the other processes of its channel, not itself and not another channel', async () => {
    const [a, b, elsewhere] = [channel(), channel(), channel(`${name}-other`)];
    const atA: string[][] = [];
    const atB: string[][] = [];
    const atElsewhere: string[][] = [];
    a.subscribe((t) => atA.push(t), () => undefined);
    b.subscribe((t) => atB.push(t), () => undefined);
    elsewhere.subscribe((t) => atElsewhere.push(t), () => undefined);
    await Promise.all([a.ready(), b.ready(), elsewhere.ready()]);
    a.publish(['user:1', 'gallery']);
    await vi.waitFor(() => expect(atB).toEqual([['user:1', 'gallery']]));
    await new Promise((r) => setTimeout(r, 100));
    expect(atA).toEqual([]);
    expect(atElsewhere).toEqual([]);
  });

  it('clears a cache in another process by tag', async () => {
    const [a, b] = [channel(`${name}-2`), channel(`${name}-2`)];
    const here = createInvalidation(a);
    const there = createInvalidation(b);
    const cache = createAnswerCache({ ttlMs: 60_000 });
    there.register(cache);
    here.register(createAnswerCache({ ttlMs: 60_000 }));
    await Promise.all([here.ready(), there.ready()]);
    await cache.get('spot', ['listing:1'], async () => 'old');
    await cache.get('other', ['listing:2'], async () => 'kept');
    here.invalidate(['listing:1']);
    await vi.waitFor(async () => expect((await cache.get('spot', ['listing:1'], async () => 'new')).body.toString()).toBe('new'));
    expect((await cache.get('other', ['listing:2'], async () => 'lost')).body.toString()).toBe('kept');
  });
});
