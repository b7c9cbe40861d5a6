import { createTaggedCache } from './answer-cache/tagged';

/**
 * A small in-process cache for public answers as objects (the guest spot, availability and
 * artist lists and their counts, the featured profiles), which the page heads read too; the
 * API sends the same answers as bytes from the answer cache (src/server/lib/answer-cache). Each
 * entry is filed under the tags of what it shows, and a committed write clears exactly those
 * (ctx.invalidation); `ttlMs` is the safety net for anything a tag missed.
 */
export interface ResultCache {
  /** The cached answer under `key`, or what `load` answers (one load per key at a time), filed under `tags` and the tags `tagsOf` finds in it. */
  get<T>(key: string, tags: readonly string[], load: () => Promise<T>, tagsOf?: (value: T) => Iterable<string>): Promise<T>;
  invalidate(tags: Iterable<string>): void;
  clear(): void;
}

export function createResultCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }): ResultCache {
  const store = createTaggedCache<unknown>({ ttlMs, maxEntries, name: 'lists' });
  return {
    get<T>(key: string, tags: readonly string[], load: () => Promise<T>, tagsOf?: (value: T) => Iterable<string>): Promise<T> {
      return store.get(key, tags, async () => {
        const value = await load();
        return { value, tags: tagsOf?.(value) };
      }) as Promise<T>;
    },
    invalidate: (tags) => store.invalidate(tags),
    clear: () => store.clear(),
  };
}

/** A cache that never keeps anything: for scripts and tests that call services directly. */
export const noCache: ResultCache = { get: (_key, _tags, load) => load(), invalidate: () => undefined, clear: () => undefined };
