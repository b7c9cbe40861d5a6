import { loadavg } from 'node:os';
import { buildIsStale } from '../build-state';
import { run } from '../run';
import { checkProcess, checksTable, passed, settled, slowestKinds, type Check, type ProcessRun } from './checks';
import { Client } from './client';
import { ramp, steady, Tally } from './load';
import { takeSample, type Sample } from './samples';
import { oneSqlite, twoProcesses, type Shape } from './shapes';
import { LiveStreams } from './streams';
import { buildWorld } from './world';

/**
 * `npm run soak`: each shape under a steady mixed load for SOAK_MINUTES (default 10) at half the
 * throughput a 30 s ramp finds, with 200 live streams open, sampled every 10 s from each
 * process's metrics listener; then the checks of docs/decisions/043-soak.md per process, a
 * table, and exit code 1 when one fails. SOAK_SHAPES picks `two` (PostgreSQL, two processes,
 * HAProxy) and `sqlite` (one process); SOAK_DATABASE_URL or TEST_DATABASE_URL names the
 * PostgreSQL server, SOAK_REDIS_URL or TEST_REDIS_URL the Redis one. Bounded: past its time the
 * run stops its processes, drops its database and exits with 2.
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SHAPES = (process.env.SOAK_SHAPES ?? 'two,sqlite').split(',').map((s) => s.trim());
const PEOPLE = 300;
const STREAMS = 200;
const RAMP_SECONDS = 30;
const SAMPLE_MS = 10_000;
/** How long the end waits for handles, sockets and the pool to come back to their baseline. */
const SETTLE_MS = 90_000;
const databaseUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.SOAK_REDIS_URL ?? process.env.TEST_REDIS_URL;

if (!Number.isInteger(MINUTES) || MINUTES < 2) {
  console.error(`SOAK_MINUTES: a whole number of minutes, at least 2 (got "${process.env.SOAK_MINUTES}")`);
  process.exit(2);
}
for (const shape of SHAPES) {
  if (shape !== 'two' && shape !== 'sqlite') {
    console.error(`SOAK_SHAPES: "two" and/or "sqlite" (got "${shape}")`);
    process.exit(2);
  }
}
if (SHAPES.includes('two') && !databaseUrl) {
  console.error('The two-process soak needs PostgreSQL: set SOAK_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test), or SOAK_SHAPES=sqlite.');
  process.exit(2);
}

const log = (line: string) => console.log(line);
let current: Shape | null = null;
const boundMinutes = SHAPES.length * (MINUTES + 12);
const watchdog = setTimeout(() => {
  console.error(`\nThe soak ran past its bound of ${boundMinutes} minutes: stopping.`);
  const stopping = current?.stop() ?? Promise.resolve();
  void Promise.race([stopping, new Promise((r) => setTimeout(r, 30_000))]).finally(() => process.exit(2));
}, boundMinutes * 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the soak's processes.`);
    void (current?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

if (process.env.SOAK_BUILD !== '0' && buildIsStale()) {
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}

export interface ShapeResult {
  title: string;
  found: number;
  rate: number;
  requests: number;
  skipped: number;
  streams: string;
  byKind: string;
  slowest: string;
  failures: string[];
  rows: { process: string; checks: Check[] }[];
}

async function sampleAll(shape: Shape, t: number): Promise<Sample[]> {
  return Promise.all(shape.processes.map((p) => takeSample(p.metricsUrl, t)));
}

async function soak(shape: Shape): Promise<ShapeResult> {
  log(`\n== ${shape.title}`);
  const world = await buildWorld(shape.url, PEOPLE, log);
  await new Promise((r) => setTimeout(r, 3000));
  const baseline = await sampleAll(shape, -1);

  const streams = new LiveStreams(shape.url, world.people.slice(0, STREAMS));
  await streams.start();
  log(`  ${streams.count} live streams open`);

  const client = new Client(shape.url, 512);
  const single = shape.processes.length === 1 ? (shape.processes[0]?.name ?? 'solo') : 'balancer';
  const tally = new Tally(single);
  const found = await ramp(client, world, tally, RAMP_SECONDS, log);
  const rate = Math.max(1, found / 2);
  log(`  steady: ${rate.toFixed(0)} requests/s for ${MINUTES} min`);

  const steadyTally = new Tally(single);
  const samples: Sample[][] = shape.processes.map(() => []);
  const failures: string[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const t = (Date.now() - started) / 1000;
    sampleAll(shape, t).then(
      (now) => {
        now.forEach((s, i) => samples[i]?.push(s));
        const heap = now.map((s) => `${(s.heapUsed / 2 ** 20).toFixed(0)}`).join('/');
        log(`  ${t.toFixed(0).padStart(4)} s: ${steadyTally.completed} answers, heap ${heap} MB, ${streams.count} streams, ${steadyTally.failureCount} failed`);
      },
      (err: Error) => failures.push(`sample at ${t.toFixed(0)} s: ${err.message}`),
    );
  }, SAMPLE_MS);
  let round = 0;
  const rotation = setInterval(() => void streams.rotate(round++, 0.1), 60_000);
  const { skipped } = await steady(client, world, steadyTally, { rate, seconds: MINUTES * 60, maxInFlight: 256 });
  clearInterval(rotation);
  clearInterval(sampler);
  // The last sample under load closes the series.
  (await sampleAll(shape, (Date.now() - started) / 1000)).forEach((s, i) => samples[i]?.push(s));

  client.close();
  streams.stop();
  const settleUntil = Date.now() + SETTLE_MS;
  let end = await sampleAll(shape, Infinity);
  while (Date.now() < settleUntil && !end.every((s, i) => settled(baseline[i] as Sample, s))) {
    await new Promise((r) => setTimeout(r, 2000));
    end = await sampleAll(shape, Infinity);
  }

  const rows = shape.processes.map((p, i) => {
    const processRun: ProcessRun = {
      name: p.name,
      baseline: baseline[i] as Sample,
      steady: (samples[i] ?? []).sort((x, y) => x.t - y.t),
      end: end[i] as Sample,
      classes: steadyTally.classes(p.name),
      minutes: steadyTally.latencies.get(p.name) ?? [],
    };
    return { process: p.name, checks: checkProcess(processRun, MINUTES) };
  });
  // Answers HAProxy gave itself (no process named) and requests with no answer fail the shape as a whole.
  const unattributed = single === 'balancer' ? steadyTally.classes('balancer') : null;
  const lost = steadyTally.unanswered;
  rows.push({
    process: 'all',
    checks: [
      { name: 'balancer 5xx, no answer', value: `${unattributed?.['5xx'] ?? 0}, ${lost}`, limit: '0, 0', ok: (unattributed?.['5xx'] ?? 0) === 0 && lost === 0 },
      { name: 'ramp 5xx, no answer', value: `${tally.failureCount - tally.unanswered}, ${tally.unanswered}`, limit: '0, 0', ok: tally.failureCount === 0 },
      { name: 'live streams refused', value: `${streams.refused} (${streams.dropped} dropped)`, limit: '0', ok: streams.refused === 0 },
      { name: 'metrics samples', value: `${failures.length} failed`, limit: '0', ok: failures.length === 0 },
    ],
  });
  const classes = shape.processes.map((p) => `${p.name}: ${Object.entries(steadyTally.classes(p.name)).map(([k, v]) => `${v} ${k}`).join(', ')}`).join('; ');
  return {
    title: shape.title,
    found,
    rate,
    requests: steadyTally.completed,
    skipped,
    streams: `${streams.opened} opened, ${streams.dropped} dropped, ${streams.refused} refused; answers ${classes}`,
    byKind: [...steadyTally.byKind].map(([k, v]) => `${k} ${v}`).join(', '),
    slowest: slowestKinds(steadyTally.kindLatencies, MINUTES),
    failures: [...tally.failures.map((f) => `ramp: ${f}`), ...steadyTally.failures, ...failures],
    rows,
  };
}

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const results: ShapeResult[] = [];
for (const name of SHAPES) {
  current = name === 'two' ? await twoProcesses(databaseUrl as string, redisUrl, log) : await oneSqlite();
  try {
    results.push(await soak(current));
  } finally {
    await current.stop();
    current = null;
  }
}
clearTimeout(watchdog);

const report = [`Soak: ${MINUTES} min per shape, load average at start ${load}.`];
for (const r of results) {
  report.push(
    '',
    `### ${r.title}`,
    '',
    `Ramp found ${r.found.toFixed(0)} answers/s; held ${r.rate.toFixed(0)}/s: ${r.requests} answers, ${r.skipped} starts skipped (client at its in-flight cap).`,
    `Streams: ${r.streams}.`,
    `Mix: ${r.byKind}.`,
    `Slowest kinds, p99 in ms, minute 2 → last: ${r.slowest}.`,
    '',
    checksTable(r.rows),
  );
  if (r.failures.length) report.push('', 'First failures:', ...r.failures.map((f) => `- ${f}`));
}
const text = report.join('\n');
console.log(`\n${text}`);
if (process.env.SOAK_REPORT) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.SOAK_REPORT, `${text}\n`);
}
const failed = results.some((r) => r.rows.some((row) => !passed(row.checks)));
process.exit(failed ? 1 : 0);
