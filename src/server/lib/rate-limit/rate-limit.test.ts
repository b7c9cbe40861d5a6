import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../../db/index';
import { consume } from './consume';
import { FailSafeRateLimitStore, MemoryRateLimitStore, PostgresRateLimitStore, RedisRateLimitStore, type Limit, type RateLimitStore } from './index';
import { createTestSchema } from '../../test/app';
import { failMissing, gate, postgresHint, redisHint, redisReachable, servicesRequired, TEST_DATABASE_URL, TEST_REDIS_URL } from '../../test/services';

// Redis runs where the suite promises it (CI), and fails loudly there when it is missing.
const redis = { what: `Redis at ${TEST_REDIS_URL}`, available: await redisReachable(), required: servicesRequired, hint: redisHint };
const postgres = { what: 'PostgreSQL (TEST_DATABASE_URL)', available: !!TEST_DATABASE_URL, required: servicesRequired, hint: postgresHint };

// The table store's own schema, migrated as a deployment's would be.
let pgDb: Db | undefined;
let dropSchema: (() => Promise<void>) | undefined;
if (postgres.available) {
  beforeAll(async () => {
    const schema = await createTestSchema('rl');
    dropSchema = schema.drop;
    pgDb = createDb({ kind: 'postgres', url: schema.url, schema: schema.schema });
    await migrateToLatest(pgDb);
  });
  afterAll(async () => {
    await pgDb?.destroy();
    await dropSchema?.();
  });
}
const pgStore = (): RateLimitStore => {
  // Made lazily: the schema exists once beforeAll ran.
  let store: PostgresRateLimitStore | undefined;
  const s = () => (store ??= new PostgresRateLimitStore(pgDb as Db));
  return { hit: (k, w) => s().hit(k, w), refund: (k) => s().refund(k), reset: (k) => s().reset(k), ping: () => s().ping(), close: async () => undefined };
};

const stores: [string, () => RateLimitStore, 'run' | 'skip' | 'fail'][] = [
  ['memory', () => new MemoryRateLimitStore(), 'run'],
  // A prefix of its own per run, so parallel runs and other tests never share a counter.
  ['redis', () => new RedisRateLimitStore(TEST_REDIS_URL, `tgs:test:${randomUUID()}:`), gate(redis)],
  ['postgres', pgStore, gate(postgres)],
];

describe.each(stores)('rate limit store: %s', (_name, makeStore, action) => {
  if (action === 'fail') return failMissing(_name === 'redis' ? redis : postgres);
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

describe.skipIf(!postgres.available)('postgres rate limit store', () => {
  it('sweeps rows whose window has passed and keeps the others', async () => {
    const store = new PostgresRateLimitStore(pgDb as Db);
    const old = `sweep-old-${randomUUID()}`;
    const live = `sweep-live-${randomUUID()}`;
    await store.hit(old, 50);
    await store.hit(live, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.sweepExpired()).toBeGreaterThanOrEqual(1);
    const left = await (pgDb as Db).selectFrom('rate_limits').select('key').where('key', 'in', [old, live]).execute();
    expect(left.map((r) => r.key)).toEqual([live]);
    expect((await store.hit(live, 60_000)).count).toBe(2);
  });
});

describe('a failing shared store', () => {
  const broken: RateLimitStore = {
    hit: () => Promise.reject(new Error('store down')),
    refund: () => Promise.reject(new Error('store down')),
    reset: () => Promise.reject(new Error('store down')),
    ping: () => Promise.reject(new Error('store down')),
    close: () => Promise.resolve(),
  };
  const open: Limit = { name: 'open', max: 2, windowMs: 60_000 };
  const local: Limit = { name: 'local', max: 2, windowMs: 60_000, whenStoreFails: 'local' };

  it('lets attempts through with one warning, or counts them in this process for the limits that guard passwords', async () => {
    const warn = vi.fn();
    const store = new FailSafeRateLimitStore(broken, { warn });
    for (let i = 0; i < 5; i++) await consume(store, open, ['ip:1']);
    await consume(store, local, ['ip:1']);
    await consume(store, local, ['ip:1']);
    await expect(consume(store, local, ['ip:1'])).rejects.toMatchObject({ status: 429, code: 'rateLimited' });
    // A success clears the local count as it would the shared one.
    await store.reset('local:ip:1');
    await expect(consume(store, local, ['ip:1'])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/store failed/);
    await expect(store.ping()).rejects.toThrow('store down');
  });

  it('fails open against a Redis that is not there, at once', async () => {
    const warn = vi.fn();
    const store = new FailSafeRateLimitStore(new RedisRateLimitStore('redis://127.0.0.1:1', 'tgs:test:none:'), { warn });
    const started = Date.now();
    for (let i = 0; i < 5; i++) await consume(store, open, ['ip:1']);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warn).toHaveBeenCalledTimes(1);
    await store.close();
  });
});
