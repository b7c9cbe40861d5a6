import type { Record4 } from './load';
import type { Sample } from './samples';

/** One process's run: its samples and what the clients saw of it. */
export interface ProcessRun {
  name: string;
  baseline: Sample;
  steady: Sample[];
  end: Sample;
  classes: Record4;
  /** Client-side latencies in ms by minute of the steady phase. */
  minutes: number[][];
}

export interface Check {
  name: string;
  value: string;
  limit: string;
  ok: boolean;
  /** A trend (or the lag): required only of a soak of TREND_MINUTES or more. */
  trend?: boolean;
  /** Shown but not required: a trend that a soak shorter than TREND_MINUTES cannot measure. */
  advisory?: boolean;
}

/**
 * Soaks shorter than this (CI's quick run soaks 2 minutes) report the trends (heap floors, RSS,
 * p99 drift) and the event-loop lag without failing on them: two minutes hold one minute after
 * the warm-up, too little for a slope, and CI's machine runs the load, both servers, HAProxy,
 * PostgreSQL and Redis on its two cores, so the lag it sees is the machine's. The full run
 * (10 minutes) requires them all.
 */
export const TREND_MINUTES = 5;

/** Whether a shape passed: every check that is required held. */
export const passed = (checks: Check[]) => checks.every((c) => c.ok || c.advisory);

const MB = 1024 * 1024;

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * The heap a process keeps, minute by minute: the lowest sample of each minute. Heap used between
 * collections is a sawtooth (the SQLite soak read 195 to 380 MB within one minute), so a line
 * through every sample follows where the collector happened to be at each reading; the floor
 * after a collection is nearer what stays, though a minute without a full collection reads high.
 */
export function heapFloors(samples: Pick<Sample, 't' | 'heapUsed'>[]): { x: number; y: number }[] {
  const floors = new Map<number, number>();
  for (const s of samples) {
    const minute = Math.floor(s.t / 60);
    floors.set(minute, Math.min(floors.get(minute) ?? Infinity, s.heapUsed / MB));
  }
  return [...floors].map(([minute, floor]) => ({ x: minute, y: floor }));
}

/**
 * The heap each full collection kept, at the first sample after it: the old generation with the
 * garbage gone, so a line through these points is what the process holds on to over time.
 */
export function heapKeptPoints(samples: Pick<Sample, 't' | 'heapKept' | 'fullCollections'>[]): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  for (let i = 1; i < samples.length; i++) {
    const [before, now] = [samples[i - 1], samples[i]] as [Sample, Sample];
    if (now.fullCollections > before.fullCollections && now.heapKept > 0) points.push({ x: now.t / 60, y: now.heapKept / MB });
  }
  return points;
}

/** Fewer full collections than this in minutes 2 to the end draw no line: the minute floors stand in. */
const MIN_FULL_COLLECTIONS = 3;

/** The heap's slope in MB a minute, from what full collections kept when there were enough, else from the minute floors. */
export function heapSlope(samples: Sample[]): { mbPerMinute: number; how: string } {
  const kept = heapKeptPoints(samples);
  if (kept.length >= MIN_FULL_COLLECTIONS) return { mbPerMinute: slope(kept), how: `kept by ${kept.length} full collections` };
  return { mbPerMinute: slope(heapFloors(samples)), how: `minute floors, ${kept.length} full collection${kept.length === 1 ? '' : 's'}` };
}

/**
 * The spec's checks for one process. Minute 2 is the steady phase's second minute (the first
 * warms caches and JIT); "the end" is the last sample under load for memory and the samples
 * after the load stopped and the streams closed for pool, handles and sockets.
 */
export function checkProcess(run: ProcessRun, minutes: number): Check[] {
  const fromMinute2 = run.steady.filter((s) => s.t >= 60);
  const minute2 = run.steady.filter((s) => s.t >= 60 && s.t < 120);
  const last = run.steady.at(-1) as Sample;
  const heap = heapSlope(fromMinute2);
  const rss2 = mean(minute2.map((s) => s.rss)) / MB;
  // The last minute's mean, as minute 2's is a mean: one sample would be the reading of one moment.
  const lastMinute = run.steady.filter((s) => s.t > last.t - 60);
  const rssEnd = mean(lastMinute.map((s) => s.rss)) / MB;
  const p99Second = percentile(run.minutes[1] ?? [], 99);
  const p99Last = percentile(run.minutes[minutes - 1] ?? [], 99);
  const lag = Math.max(...run.steady.map((s) => s.lagP99)) * 1000;
  const server5xx = run.end.server5xx - run.baseline.server5xx;
  const checks: Check[] = [
    { name: '5xx', value: `${run.classes['5xx']} seen, ${server5xx} counted`, limit: '0', ok: run.classes['5xx'] === 0 && server5xx === 0 },
    { trend: true, name: 'heap slope, minutes 2-end', value: `${heap.mbPerMinute.toFixed(2)} MB/min (${heap.how})`, limit: '< 1 MB/min', ok: heap.mbPerMinute < 1 },
    { trend: true, name: 'RSS, minute 2 → last minute', value: `${rss2.toFixed(0)} → ${rssEnd.toFixed(0)} MB`, limit: '≤ +10%', ok: rssEnd <= rss2 * 1.1 },
    { trend: true, name: 'p99, minute 2 → last', value: `${p99Second.toFixed(0)} → ${p99Last.toFixed(0)} ms`, limit: '≤ 1.2×', ok: p99Last <= p99Second * 1.2 },
    { trend: true, name: 'event-loop lag p99 (worst 10 s)', value: `${lag.toFixed(1)} ms`, limit: '< 50 ms', ok: lag < 50 },
    { name: 'handles, baseline → end', value: `${run.baseline.handles} → ${run.end.handles}`, limit: '≤ baseline', ok: run.end.handles <= run.baseline.handles },
    { name: 'sockets, baseline → end', value: `${run.baseline.sockets} → ${run.end.sockets}`, limit: '≤ baseline', ok: run.end.sockets <= run.baseline.sockets },
  ];
  if (minutes < TREND_MINUTES) {
    for (const check of checks) if (check.trend) check.advisory = true;
  }
  if (run.baseline.poolWaiting !== null && run.end.poolWaiting !== null) {
    checks.push({ name: 'pool waiting, baseline → end', value: `${run.baseline.poolWaiting} → ${run.end.poolWaiting}`, limit: '≤ baseline', ok: run.end.poolWaiting <= run.baseline.poolWaiting });
    checks.push({ name: 'pool in use, baseline → end', value: `${run.baseline.poolInUse} → ${run.end.poolInUse}`, limit: '≤ baseline', ok: (run.end.poolInUse ?? 0) <= (run.baseline.poolInUse ?? 0) });
  }
  return checks;
}

/** Whether the settle-down checks hold yet (what `checkProcess` compares with the baseline). */
export function settled(baseline: Sample, now: Sample): boolean {
  return now.handles <= baseline.handles && now.sockets <= baseline.sockets && (now.poolWaiting ?? 0) <= (baseline.poolWaiting ?? 0) && (now.poolInUse ?? 0) <= (baseline.poolInUse ?? 0);
}

/**
 * The kinds of request whose p99 in the last minute is highest, with minute 2's beside it: where a
 * process's p99 drift comes from (`latencies` by kind, then by minute of the steady phase).
 */
export function slowestKinds(latencies: Map<string, number[][]>, minutes: number, count = 6): string {
  return [...latencies]
    .map(([kind, byMinute]) => ({ kind, second: percentile(byMinute[1] ?? [], 99), last: percentile(byMinute[minutes - 1] ?? [], 99) }))
    .filter((k) => Number.isFinite(k.last))
    .sort((x, y) => y.last - x.last)
    .slice(0, count)
    .map((k) => `${k.kind} ${k.second.toFixed(0)} → ${k.last.toFixed(0)}`)
    .join(', ');
}

export function checksTable(rows: { process: string; checks: Check[] }[]): string {
  const lines = ['| process | check | value | limit | result |', '|---|---|---|---|---|'];
  const result = (c: Check) => (c.ok ? 'pass' : c.advisory ? `over (not required under ${TREND_MINUTES} minutes)` : '**FAIL**');
  for (const row of rows) for (const c of row.checks) lines.push(`| ${row.process} | ${c.name} | ${c.value} | ${c.limit} | ${result(c)} |`);
  return lines.join('\n');
}
