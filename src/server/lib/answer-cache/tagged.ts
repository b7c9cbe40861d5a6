import { createStatsCounter, kindOfKey, type CacheStats } from './stats';

/**
 * The store under both caches (answers as objects, answers as bytes): entries with a time to
 * live, each filed under tags that name what it was made from (an entity, a list), so a write
 * clears exactly the entries it can have changed.
 *
 * A load that is running while one of its tags is invalidated is not kept: it may have read the
 * rows before the write committed. Its readers still get it (they asked before the write), the
 * next reader loads again.
 */
export interface TaggedCache<V> {
  /** The entry under `key`, or what `load` makes of it (one load per key at a time). */
  get(key: string, tags: readonly string[], load: () => Promise<Loaded<V>>): Promise<V>;
  /**
   * The finished, fresh value under `key`, counted as a read (a hit, and the entry becomes the
   * most recently used), without loading; undefined otherwise. For readers served from a copy
   * kept elsewhere (the fast lane), so the entries they use most are not the first evicted.
   */
  use(key: string): V | undefined;
  /** Hits, misses and evictions by kind (the first part of the key). */
  stats(): CacheStats;
  /** Drops every entry filed under any of `tags`, and every load running under one. */
  invalidate(tags: Iterable<string>): void;
  clear(): void;
  /** How many entries are held (for tests and the bench). */
  readonly size: number;
}

/** What a load answers: the value and the tags known only once it is made (the owners in a list page). */
export interface Loaded<V> {
  value: V;
  tags?: Iterable<string>;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
  tags: Set<string>;
  /** False while the load runs; an invalidation then drops it before it is kept. */
  done: boolean;
  /** The loaded value, once done. */
  resolved?: V;
  /** Tags invalidated while the load ran: if the load names one of them, it is not kept. */
  missed: Set<string> | null;
  weight: number;
}

export interface TaggedCacheOptions<V> {
  ttlMs: number;
  maxEntries?: number;
  /** With `maxWeight`: what an entry costs (its bytes); the least recently read go first beyond it. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  /** Counted in the process's totals under this name (`answerCacheStats()`). */
  name?: string;
}

export function createTaggedCache<V>({ ttlMs, maxEntries = 500, weigh, maxWeight = Infinity, name }: TaggedCacheOptions<V>): TaggedCache<V> {
  const counter = createStatsCounter(name);
  const entries = new Map<string, Entry<V>>();
  const byTag = new Map<string, Set<string>>();
  const running = new Set<Entry<V>>();
  let weight = 0;

  function evict(): void {
    while (entries.size > maxEntries || weight > maxWeight) {
      const oldest = entries.keys().next().value as string | undefined;
      if (oldest === undefined) return;
      counter.count(kindOfKey(oldest), 'evictions');
      drop(oldest, entries.get(oldest) as Entry<V>);
    }
  }

  function file(key: string, tags: Iterable<string>, entry: Entry<V>): void {
    for (const tag of tags) {
      if (entry.tags.has(tag)) continue;
      entry.tags.add(tag);
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  function drop(key: string, entry: Entry<V>): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) byTag.delete(tag);
    }
  }

  return {
    get(key, tags, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit) {
        if (hit.expires > now) {
          // Map order is insertion order: re-inserting keeps the most used entries last.
          if (hit.done) {
            entries.delete(key);
            entries.set(key, hit);
          }
          counter.count(kindOfKey(key), 'hits');
          return hit.value;
        }
        drop(key, hit);
      }
      counter.count(kindOfKey(key), 'misses');
      if (ttlMs <= 0) return load().then((l) => l.value);
      const entry: Entry<V> = { value: undefined as unknown as Promise<V>, expires: now + ttlMs, tags: new Set(), done: false, missed: null, weight: 0 };
      running.add(entry);
      entry.value = load().then(
        (loaded) => {
          running.delete(entry);
          entry.done = true;
          entry.resolved = loaded.value;
          const late = loaded.tags ? [...loaded.tags] : [];
          if (late.some((t) => entry.missed?.has(t))) drop(key, entry);
          else if (entries.get(key) === entry) {
            file(key, late, entry);
            if (weigh) {
              entry.weight = weigh(loaded.value);
              weight += entry.weight;
              evict();
            }
          }
          entry.missed = null;
          return loaded.value;
        },
        (err: unknown) => {
          running.delete(entry);
          // A failed load is not kept: the next read tries again.
          drop(key, entry);
          throw err;
        },
      );
      entries.set(key, entry);
      file(key, tags, entry);
      evict();
      return entry.value;
    },

    use(key) {
      const hit = entries.get(key);
      if (!hit?.done || hit.expires <= Date.now()) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      counter.count(kindOfKey(key), 'hits');
      return hit.resolved;
    },

    stats: () => counter.stats(),

    invalidate(tags) {
      const list = [...tags];
      for (const entry of running) {
        entry.missed ??= new Set();
        for (const tag of list) entry.missed.add(tag);
      }
      for (const tag of list) {
        const keys = byTag.get(tag);
        if (!keys) continue;
        for (const key of [...keys]) {
          const entry = entries.get(key);
          if (entry) drop(key, entry);
        }
      }
    },

    clear() {
      entries.clear();
      byTag.clear();
      weight = 0;
    },

    get size() {
      return entries.size;
    },
  };
}
