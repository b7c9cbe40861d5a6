import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { consume } from './consume';
import { MemoryRateLimitStore, RedisRateLimitStore, type Limit, type RateLimitStore } from './index';
import { failMissing, gate, redisHint, redisReachable, servicesRequired, TEST_REDIS_URL } from '../../test/services';

// Redis runs where the suite promises it (CI), and fails loudly there when it is missing.
const redis = { what: `Redis at ${TEST_REDIS_URL}`, available: await redisReachable(), required: servicesRequired, hint: redisHint };

const stores: [string, () => RateLimitStore, 'run' | 'skip' | 'fail'][] = [
  ['memory', () => new MemoryRateLimitStore(), 'run'],
  // A prefix of its own per run, so parallel runs and other tests never share a counter.
  ['redis', () => new RedisRateLimitStore(TEST_REDIS_URL, `tgs:test:${randomUUID()}:`), gate(redis)],
];

describe.each(stores)('rate limit store: %s', (_name, makeStore, action) => {
  if (action === 'fail') return failMissing(redis);
  const skip = action === 'skip';
  const store = makeStore();
  afterAll(() => store.close());

  it.skipIf(skip)('lets at most the limit of 100 parallel attempts reach the work it guards', async () => {
    const limit: Limit = { name: `burst-${randomUUID()}`, max: 10, windowMs: 60_000 };
    let checked = 0;
    const attempt = async () => {
      await consume(store, limit, ['ip:10.0.0.1', 'account:a@b.test']);
      // Stands for the slow password check that runs after the count.
      await new Promise((resolve) => setTimeout(resolve, 5));
      checked++;
    };
    const results = await Promise.allSettled(Array.from({ length: 100 }, attempt));
    expect(checked).toBe(limit.max);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(100 - limit.max);
    expect(refused[0]?.reason).toMatchObject({ status: 429, code: 'rateLimited' });
    await expect(consume(store, limit, ['account:a@b.test'])).rejects.toMatchObject({ status: 429 });
  });

  it.skipIf(skip)('opens again when the window has passed', async () => {
    const limit: Limit = { name: `window-${randomUUID()}`, max: 2, windowMs: 150 };
    await consume(store, limit, ['k']);
    await consume(store, limit, ['k']);
    await expect(consume(store, limit, ['k'])).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(consume(store, limit, ['k'])).resolves.toBeUndefined();
  });

  it.skipIf(skip)('gives back a refunded attempt, never below zero and never after the window', async () => {
    const key = `refund-${randomUUID()}`;
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    await store.refund(key);
    expect((await store.hit(key, 60_000)).count).toBe(2);
    const fresh = `refund-none-${randomUUID()}`;
    await store.refund(fresh);
    expect((await store.hit(fresh, 60_000)).count).toBe(1);
    await store.reset(key);
    expect((await store.hit(key, 60_000)).count).toBe(1);
  });
});

describe('memory rate limit store', () => {
  it('keeps at most its cap of keys, dropping the least recently used', async () => {
    const store = new MemoryRateLimitStore(1000);
    await store.hit('kept', 60_000);
    for (let i = 0; i < 5000; i++) {
      await store.hit(`forged-${i}`, 60_000);
      // A key in use stays; only the forged ones that are no longer hit make room.
      if (i % 100 === 0) await store.hit('kept', 60_000);
    }
    expect(store.size).toBe(1000);
    expect((await store.hit('kept', 60_000)).count).toBe(52);
    expect((await store.hit('forged-0', 60_000)).count).toBe(1);
  });

  it('holds 100,000 keys by default and no more', async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 100_500; i++) await store.hit(`forged-${i}`, 60_000);
    expect(store.size).toBe(100_000);
  });
});
