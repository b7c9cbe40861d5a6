/**
 * A small in-process cache for public list answers (the guest spot, availability and artist
 * lists and their counts, the featured profiles). At 100,000 listings a list read costs
 * milliseconds of synchronous database work, and the same first pages are asked for again and
 * again; this answers them from memory. Any write through the API clears it (app.ts), so a process never shows its own
 * stale data; another process's writes show after at most `ttlMs`.
 */
export interface ResultCache {
  /** The cached answer under `key`, or what `load` answers (one load per key at a time). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createResultCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }): ResultCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) {
        // Map order is insertion order: re-inserting keeps the most used entries last.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failed load is not kept: the next read tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },

    clear() {
      entries.clear();
    },
  };
}

/** A cache that never keeps anything: for scripts and tests that call services directly. */
export const noCache: ResultCache = { get: (_key, load) => load(), clear: () => undefined };
