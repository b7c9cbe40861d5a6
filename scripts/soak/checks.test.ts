import { describe, expect, it } from 'vitest';
import { checkProcess, checksTable, heapFloors, heapSlope, passed, slowestKinds, type ProcessRun } from './checks';
import type { Sample } from './samples';

const MB = 2 ** 20;

/** Samples every 10 s for `minutes`: a collector's sawtooth from `floor(t)` up by 180 MB, collected every 40 s. */
function sawtooth(minutes: number, floor: (t: number) => number) {
  const samples = [];
  for (let t = 60; t < 60 * (minutes + 1); t += 10) samples.push({ t, heapUsed: (floor(t) + ((t % 40) / 40) * 180) * MB });
  return samples;
}

const slopeOf = (points: { x: number; y: number }[]) => {
  const first = points[0] as { x: number; y: number };
  const last = points.at(-1) as { x: number; y: number };
  return (last.y - first.y) / (last.x - first.x);
};

describe('the soak heap check', () => {
  it('reads a flat floor under a sawtooth as no growth', () => {
    const floors = heapFloors(sawtooth(9, () => 200));
    expect(floors.map((f) => f.x)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const f of floors) expect(f.y).toBe(200);
  });

  it('reads a floor rising 3 MB a minute as 3 MB a minute, whatever the peaks do', () => {
    const floors = heapFloors(sawtooth(9, (t) => 200 + 3 * Math.floor(t / 60)));
    expect(slopeOf(floors)).toBeCloseTo(3, 5);
  });

  /** Samples every 10 s where a full collection every `every` seconds keeps `kept(t)` MB, while heap used climbs 150 MB between them. */
  function collected(minutes: number, every: number, kept: (t: number) => number): Sample[] {
    const samples: Sample[] = [];
    let keptNow = 0;
    for (let t = 60; t < 60 * (minutes + 1); t += 10) {
      const collections = Math.floor(t / every);
      if (t % every === 0) keptNow = kept(t);
      samples.push({ ...quiet(t), heapUsed: (keptNow + ((t % every) / every) * 150) * MB, heapKept: keptNow * MB, fullCollections: collections });
    }
    return samples;
  }

  it('draws its line through what each full collection kept, not through the minutes the collector skipped', () => {
    // Collections 150 s apart: most minutes hold none, and their floors read up to 150 MB high.
    const flat = collected(9, 150, () => 200);
    expect(slopeOf(heapFloors(flat))).not.toBeCloseTo(0, 0);
    expect(heapSlope(flat)).toEqual({ mbPerMinute: 0, how: 'kept by 3 full collections' });
    const leaking = heapSlope(collected(9, 60, (t) => 200 + 2 * (t / 60)));
    expect(leaking.mbPerMinute).toBeCloseTo(2, 5);
    expect(leaking.how).toBe('kept by 8 full collections');
  });

  it('falls back to the minute floors when too few full collections ran', () => {
    const samples = sawtooth(9, (t) => 200 + 3 * Math.floor(t / 60)).map((s) => ({ ...quiet(s.t), heapUsed: s.heapUsed }));
    expect(heapSlope(samples).mbPerMinute).toBeCloseTo(3, 5);
    expect(heapSlope(samples).how).toBe('minute floors, 0 full collections');
  });
});

/** A sample with nothing going on but the time. */
function quiet(t: number): Sample {
  return { t, heapUsed: 200 * MB, heapKept: 0, fullCollections: 0, rss: 300 * MB, lagP99: 0.001, handles: 10, sockets: 4, poolWaiting: null, poolInUse: null, liveStreams: 0, server5xx: 0 };
}

describe('a soak too short for trends', () => {
  /** A process whose heap and RSS grow and whose p99 doubles, over `minutes`, with `fivexx` server errors. */
  function growing(minutes: number, fivexx: number): ProcessRun {
    const sample = (t: number): Sample => ({ ...quiet(t), heapUsed: (200 + 5 * (t / 60)) * MB, heapKept: (200 + 5 * (t / 60)) * MB, fullCollections: Math.floor(t / 30), rss: (300 + 20 * (t / 60)) * MB, lagP99: 0.08 });
    const steady = [];
    for (let t = 0; t < minutes * 60; t += 10) steady.push(sample(t));
    const latencies = Array.from({ length: minutes }, (_, m) => Array.from({ length: 100 }, () => (m === 0 ? 10 : 10 * (m + 1))));
    return { name: 'a', baseline: sample(-10), steady, end: { ...sample(minutes * 60), server5xx: fivexx }, classes: { '2xx': 1000, '3xx': 0, '4xx': 0, '5xx': fivexx }, minutes: latencies };
  }

  it('shows the trends and the lag of a 2-minute soak without failing on them', () => {
    const checks = checkProcess(growing(2, 0), 2);
    const over = checks.filter((c) => !c.ok).map((c) => c.name);
    expect(over).toEqual(expect.arrayContaining(['heap slope, minutes 2-end', 'event-loop lag p99 (worst 10 s)']));
    expect(checks.filter((c) => !c.ok).every((c) => c.advisory)).toBe(true);
    expect(passed(checks)).toBe(true);
    expect(checksTable([{ process: 'a', checks }])).toContain('over (not required under 5 minutes)');
  });

  it('still fails a short soak on a server error, and a full one on its trends', () => {
    expect(passed(checkProcess(growing(2, 1), 2))).toBe(false);
    const full = checkProcess(growing(10, 0), 10);
    expect(full.some((c) => c.advisory)).toBe(false);
    expect(passed(full)).toBe(false);
  });
});

describe('the slowest kinds of request', () => {
  it('names the kinds with the highest last-minute p99, with minute 2 beside it', () => {
    const minutes = (second: number, last: number) => [[1], Array.from({ length: 100 }, () => second), [5], Array.from({ length: 100 }, () => last)];
    const latencies = new Map([
      ['login', minutes(120, 180)],
      ['home page', minutes(3, 4)],
      ['search', minutes(40, 30)],
    ]);
    expect(slowestKinds(latencies, 4, 2)).toBe('login 120 → 180, search 40 → 30');
  });
});
