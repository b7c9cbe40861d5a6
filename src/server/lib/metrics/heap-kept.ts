import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { Gauge, type Registry } from 'prom-client';

/** The young generation: what a full collection leaves there is the next moment's garbage. */
const YOUNG = new Set(['new_space', 'new_large_object_space']);

/** Heap outside the young generation now, in bytes. */
function oldGenerationUsed(): number {
  return getHeapSpaceStatistics()
    .filter((space) => !YOUNG.has(space.space_name))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

const isFullCollection = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;

/**
 * `tgs_heap_kept_bytes`: the old generation as the last full collection left it. Heap used read
 * at a scrape is a sawtooth (a soak saw 180 to 320 MB within two minutes, one full collection
 * apart), so a trend through such readings follows the collector's timing; what a full collection
 * keeps is what the process holds on to, and a leak raises it. Returns the observer's stop.
 */
export function watchHeapKept(registry: Registry): () => void {
  let kept = 0;
  new Gauge({
    name: 'tgs_heap_kept_bytes',
    help: 'Heap outside the young generation right after the last full garbage collection (0 before the first).',
    registers: [registry],
    collect() {
      this.set(kept);
    },
  });
  const observer = new PerformanceObserver((list) => {
    // Entries arrive after the collection, batched: the space sizes read here are the closest to it.
    if (list.getEntries().some(isFullCollection)) kept = oldGenerationUsed();
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
