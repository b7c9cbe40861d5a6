import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { watchHeapKept } from './heap-kept';

setFlagsFromString('--expose-gc');
// A context made after the flag sees `gc`; the test's own global was made before it.
const fullCollection = runInNewContext('gc') as () => void;
const MB = 2 ** 20;

const read = async (registry: Registry) => (await registry.getSingleMetric('tgs_heap_kept_bytes')?.get())?.values[0]?.value ?? 0;

/** The gauge once it has moved from `previous`: the observer hears of a collection after it, with its next batch of entries. */
async function keptAfterCollection(registry: Registry, previous: number): Promise<number> {
  fullCollection();
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 10));
    const value = await read(registry);
    if (value !== previous) return value;
  }
  throw new Error('no full collection was observed');
}

describe('the heap kept by the last full collection', () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it('rises by what is held across a collection and falls once it is let go', async () => {
    const registry = new Registry();
    stop = watchHeapKept(registry);
    expect(await read(registry)).toBe(0);
    const before = await keptAfterCollection(registry, 0);

    // Arrays of numbers in the old generation: about 40 MB that only this test holds.
    const held = Array.from({ length: 40 }, (_, i) => Array.from({ length: 128 * 1024 }, (_, j) => i * j + 0.5));
    const holding = await keptAfterCollection(registry, before);
    expect(holding - before).toBeGreaterThan(30 * MB);

    held.length = 0;
    const after = await keptAfterCollection(registry, holding);
    expect(holding - after).toBeGreaterThan(30 * MB);
  });
});
