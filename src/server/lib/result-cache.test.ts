import { describe, expect, it, vi } from 'vitest';
import { createResultCache } from './result-cache';

describe('result cache', () => {
  it('loads a key once while it is fresh, and again after it expires', async () => {
    vi.useFakeTimers();
    try {
      const cache = createResultCache({ ttlMs: 1000 });
      const load = vi.fn(async () => 'page');
      expect(await cache.get('a', [], load)).toBe('page');
      expect(await cache.get('a', [], load)).toBe('page');
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.get('a', [], load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one load between concurrent readers', async () => {
    const cache = createResultCache({ ttlMs: 1000 });
    let calls = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    expect(await Promise.all([cache.get('a', [], load), cache.get('a', [], load)])).toEqual([1, 1]);
  });

  it('forgets the entries of an invalidated tag and only those', async () => {
    const cache = createResultCache({ ttlMs: 1000 });
    await cache.get('spot', ['listing:1'], async () => 1);
    await cache.get('list', ['listings'], async () => ({ owners: [7] }), (v) => v.owners.map((o) => `user:${o}`));
    await cache.get('other', ['listing:2'], async () => 2);
    cache.invalidate(['user:7']);
    expect(await cache.get('list', ['listings'], async () => ({ owners: [] }))).toEqual({ owners: [] });
    expect(await cache.get('spot', ['listing:1'], async () => 10)).toBe(1);
    cache.invalidate(['listing:1']);
    expect(await cache.get('spot', ['listing:1'], async () => 10)).toBe(10);
    expect(await cache.get('other', ['listing:2'], async () => 20)).toBe(2);
  });

  it('does not keep a load that was running when one of its tags was invalidated', async () => {
    const cache = createResultCache({ ttlMs: 1000 });
    let release: (v: { owners: number[] }) => void = () => undefined;
    const running = cache.get('list', ['listings'], () => new Promise<{ owners: number[] }>((r) => (release = r)), (v) => v.owners.map((o) => `user:${o}`));
    // the owner's tag is known only once the load ends
    cache.invalidate(['user:3']);
    release({ owners: [3] });
    expect(await running).toEqual({ owners: [3] });
    expect(await cache.get('list', ['listings'], async () => ({ owners: [] }))).toEqual({ owners: [] });
  });

  it('forgets everything on clear and keeps no failed load', async () => {
    const cache = createResultCache({ ttlMs: 1000 });
    await cache.get('a', [], async () => 1);
    cache.clear();
    expect(await cache.get('a', [], async () => 2)).toBe(2);
    await expect(cache.get('b', [], async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('b', [], async () => 3)).toBe(3);
  });

  it('drops the least recently read entry beyond its size, and caches nothing at ttl 0', async () => {
    const cache = createResultCache({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', [], async () => 'a1');
    await cache.get('b', [], async () => 'b1');
    await cache.get('a', [], async () => 'a2');
    await cache.get('c', [], async () => 'c1');
    expect(await cache.get('a', [], async () => 'a3')).toBe('a1');
    expect(await cache.get('b', [], async () => 'b2')).toBe('b2');
    const off = createResultCache({ ttlMs: 0 });
    await off.get('a', [], async () => 1);
    expect(await off.get('a', [], async () => 2)).toBe(2);
  });
});
