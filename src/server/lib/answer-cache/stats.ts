/**
 * How the in-process caches do, per kind of entry: the answer cache and the object cache count
 * by the first part of the key (`guest-spots`, `profile`, `page`, `shell`, `featured` ...), the
 * fast lane by lane (`visitors`, `readers`), the session cache as `sessions`. A fast-lane hit is
 * also a hit of the answer it sent. Counting is a few integer additions on paths that already
 * do a map lookup.
 *
 * The bench prints `answerCacheStats()`; the scale issue's metrics will export the same object.
 */
export interface KindStats {
  hits: number;
  misses: number;
  /** Entries dropped to make room (not the ones a write cleared, nor expired ones). */
  evictions: number;
}

/** One cache's counts, by kind. */
export type CacheStats = Record<string, KindStats>;

type Event = keyof KindStats;

export interface StatsCounter {
  count(kind: string, event: Event): void;
  /** This counter's own counts (a test's cache, apart from the process's totals). */
  stats(): CacheStats;
}

/** The process's counts by cache name, summed over every cache made under that name. */
const totals = new Map<string, Map<string, KindStats>>();

function bump(byKind: Map<string, KindStats>, kind: string, event: Event): void {
  let stats = byKind.get(kind);
  if (!stats) byKind.set(kind, (stats = { hits: 0, misses: 0, evictions: 0 }));
  stats[event]++;
}

function copy(byKind: Map<string, KindStats>): CacheStats {
  return Object.fromEntries([...byKind].map(([kind, stats]) => [kind, { ...stats }]));
}

/** The kind of a cache key: what comes before its first colon. */
export function kindOfKey(key: string): string {
  const colon = key.indexOf(':');
  return colon < 0 ? key : key.slice(0, colon);
}

/** Counts for one cache; with a name, the process's totals under that name count too. */
export function createStatsCounter(name?: string): StatsCounter {
  const own = new Map<string, KindStats>();
  let shared: Map<string, KindStats> | undefined;
  if (name !== undefined) {
    shared = totals.get(name);
    if (!shared) totals.set(name, (shared = new Map()));
  }
  return {
    count(kind, event) {
      bump(own, kind, event);
      if (shared) bump(shared, kind, event);
    },
    stats: () => copy(own),
  };
}

/**
 * Hits, misses and evictions of this process's caches since it started (or the last reset):
 * `{ answers: { 'guest-spots': { hits, misses, evictions }, ... }, lists: {...}, 'fast-lane': {...}, sessions: {...} }`.
 */
export function answerCacheStats(): Record<string, CacheStats> {
  return Object.fromEntries([...totals].map(([name, byKind]) => [name, copy(byKind)]));
}

/** Starts the counts again (the bench, between its phases). */
export function resetAnswerCacheStats(): void {
  for (const byKind of totals.values()) byKind.clear();
}
