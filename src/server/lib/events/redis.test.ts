import { randomUUID } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../common/schemas/messages';
import { createAnswerCache, createInvalidation } from '../answer-cache/index';
import { eventBusChannel } from '../answer-cache/bus-channel';
import type { EventLog } from './local';
import type { EventBus } from './port';
import { createRedisEventBus } from './redis';
import { killRedisClients } from '../../test/redis';
import { describeWith, redisHint, redisReachable, servicesRequired, TEST_REDIS_URL } from '../../test/services';

const log: EventLog = { warn: () => undefined, error: () => undefined };
const count = (n: number): LiveEvent => ({ type: 'unread.count', count: n });

// Redis runs where the suite promises it (CI), and fails loudly there when it is missing.
const redis = { what: `Redis at ${TEST_REDIS_URL}`, available: await redisReachable(), required: servicesRequired, hint: redisHint };

describeWith(redis, 'the Redis bus', () => {
  const buses: EventBus[] = [];
  const prefix = `tgs:test:${process.pid}:${randomUUID().slice(0, 8)}:`;
  const bus = (p = prefix) => {
    const b = createRedisEventBus({ url: TEST_REDIS_URL, prefix: p, log });
    buses.push(b);
    return b;
  };
  const collect = (b: EventBus, userId: number, onLost?: () => void) => {
    const got: LiveEvent[] = [];
    b.subscribe(userId, (e) => got.push(e), onLost);
    return got;
  };
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it('reaches the other processes of its prefix once each, in order, and no other prefix', async () => {
    const [one, two, elsewhere] = [bus(), bus(), bus(`${prefix}other:`)];
    const atOne = collect(one, 5);
    const atTwo = collect(two, 5);
    const atElsewhere = collect(elsewhere, 5);
    await Promise.all([one.ready?.(), two.ready?.(), elsewhere.ready?.()]);
    const large = { type: 'unread.count', count: 1, padding: '😀"\n'.repeat(20_000) } as unknown as LiveEvent;
    for (let i = 1; i <= 20; i++) one.publish([5], count(i));
    one.publish([5], large);
    await vi.waitFor(() => expect(atTwo).toHaveLength(21));
    await new Promise((r) => setTimeout(r, 200));
    const expected = [...Array.from({ length: 20 }, (_, i) => count(i + 1)), large];
    expect(atOne).toEqual(expected);
    expect(atTwo).toEqual(expected);
    expect(atElsewhere).toEqual([]);
    expect(one.healthy()).toBe(true);
  });

  it('carries cache tags to the other processes of its prefix, not itself, and clears a cache there', async () => {
    const p = `${prefix}tags:`;
    const [a, b, elsewhere] = [bus(p), bus(p), bus(`${p}other:`)];
    const atA: string[][] = [];
    const atElsewhere: string[][] = [];
    a.onBroadcast?.((t) => atA.push(t), () => undefined);
    elsewhere.onBroadcast?.((t) => atElsewhere.push(t), () => undefined);
    const here = createInvalidation(eventBusChannel(a));
    const there = createInvalidation(eventBusChannel(b));
    const cache = createAnswerCache({ ttlMs: 60_000 });
    there.register(cache);
    await Promise.all([here.ready(), there.ready(), elsewhere.ready?.()]);
    await cache.get('spot', ['listing:1'], async () => 'old');
    await cache.get('other', ['listing:2'], async () => 'kept');
    // Resolves once sent, so a command may exit right after.
    await here.invalidateEverywhere(['listing:1']);
    await vi.waitFor(async () => expect((await cache.get('spot', ['listing:1'], async () => 'new')).body.toString()).toBe('new'));
    expect((await cache.get('other', ['listing:2'], async () => 'lost')).body.toString()).toBe('kept');
    expect(atA).toEqual([]);
    expect(atElsewhere).toEqual([]);
  });

  it('subscribes again after its connection is killed, then tells subscribers and caches, and later events arrive', async () => {
    const p = `${prefix}kill:`;
    const sender = bus(p);
    const listener = bus(p);
    const lost = vi.fn();
    const tagsLost = vi.fn();
    const got = collect(listener, 8, lost);
    listener.onBroadcast?.(() => undefined, tagsLost);
    await listener.ready?.();
    // Told once the link came up: a subscriber that began before it may have missed events.
    await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
    lost.mockClear();
    tagsLost.mockClear();
    expect(await killRedisClients(TEST_REDIS_URL, `${p}events`)).toBe(1);
    // Caches clear at once and again once the link is back; the stream is told once it is back.
    await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
    expect(tagsLost).toHaveBeenCalledTimes(2);
    expect(listener.healthy()).toBe(true);
    sender.publish([8], count(42));
    await vi.waitFor(() => expect(got).toEqual([count(42)]));
  });

  it('reports a link that stays down as unhealthy, and answers publications without waiting for it', async () => {
    const b = createRedisEventBus({ url: 'redis://127.0.0.1:1', prefix, log });
    const got = collect(b, 3);
    b.publish([3], count(1));
    expect(got).toEqual([count(1)]);
    expect(b.healthy()).toBe(false);
    await b.close();
  });
});
