import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './bytes';
import { answerCacheStats, kindOfKey, resetAnswerCacheStats } from './stats';
import { createTaggedCache } from './tagged';

const value = <V>(v: V) => () => Promise.resolve({ value: v });

describe('cache counts', () => {
  it('counts hits, misses and evictions per kind of key', async () => {
    const cache = createTaggedCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('spots:1', [], value('a'));
    await cache.get('spots:1', [], value('never loaded'));
    await cache.get('profile:x', [], value('b'));
    // A third entry pushes out the least recently used: spots:1, last read before profile:x was stored.
    await cache.get('spots:2', [], value('c'));
    expect(cache.stats()).toEqual({
      spots: { hits: 1, misses: 2, evictions: 1 },
      profile: { hits: 0, misses: 1, evictions: 0 },
    });
    // The one that went was spots:1, read longest ago; profile:x is still there.
    expect(await cache.get('profile:x', [], value('reloaded'))).toBe('b');
    expect(await cache.get('spots:1', [], value('reloaded'))).toBe('reloaded');
  });

  it('counts an eviction by weight too, and a write clearing an entry not as one', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxBytes: 200, name: 'stats-test' }); // each entry weighs twice its body
    await cache.get('page:a', ['a'], () => Promise.resolve('x'.repeat(60)));
    await cache.get('page:b', ['b'], () => Promise.resolve('y'.repeat(60)));
    cache.invalidate(['b']);
    await cache.get('page:c', ['c'], () => Promise.resolve('z'.repeat(10)));
    expect(cache.stats()).toEqual({ page: { hits: 0, misses: 3, evictions: 1 } });
  });

  it('sums every cache of a name in the process, until reset', async () => {
    resetAnswerCacheStats();
    const one = createAnswerCache({ ttlMs: 60_000, name: 'stats-sum' });
    const two = createAnswerCache({ ttlMs: 60_000, name: 'stats-sum' });
    await one.get('gallery:1', [], () => Promise.resolve('{}'));
    await one.get('gallery:1', [], () => Promise.resolve('{}'));
    await two.get('gallery:1', [], () => Promise.resolve('{}'));
    expect(answerCacheStats()['stats-sum']).toEqual({ gallery: { hits: 1, misses: 2, evictions: 0 } });
    expect(one.stats()).toEqual({ gallery: { hits: 1, misses: 1, evictions: 0 } });
    resetAnswerCacheStats();
    expect(answerCacheStats()['stats-sum']).toEqual({});
  });

  it('names a key’s kind by what comes before its first colon', () => {
    expect(kindOfKey('guest-spots:list:2026-11-27:en:{}')).toBe('guest-spots');
    expect(kindOfKey('styles')).toBe('styles');
  });
});
