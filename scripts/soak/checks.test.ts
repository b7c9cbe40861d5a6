import { describe, expect, it } from 'vitest';
import { heapFloors } from './checks';

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
});
