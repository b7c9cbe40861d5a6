import type autocannon from 'autocannon';
import type { Engine } from './worlds';

/** One measured row: the app beside the bare server sending the same bytes. */
export interface Row {
  name: string;
  app: autocannon.Result;
  bare?: autocannon.Result;
  bytes?: number;
  /** Measured against the server with the answer caches off; `read` names the read for the growth table. */
  uncached?: boolean;
  read?: string;
}

/** One world's measurements. */
export interface World {
  engine: Engine;
  users: number;
  listings: number;
  messages: number;
  /** Null when a world kept from an earlier run was reused. */
  buildSeconds: number | null;
  rows: Row[];
  cacheStats?: unknown;
}

const rps = (r: autocannon.Result) => Math.round(r.requests.average);
const ratioOf = (row: Row) => (row.bare ? rps(row.app) / Math.max(1, rps(row.bare)) : null);
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const count = (n: number) => n.toLocaleString('en');
const engineName = (e: Engine) => (e === 'sqlite' ? 'SQLite' : 'PostgreSQL');

/** Answers that were not 2xx, connection errors and timeouts: a row with any measured something else. */
function failures(row: Row): string {
  const { non2xx, errors, timeouts } = row.app;
  const parts = [non2xx ? `${non2xx} non-2xx` : '', errors ? `${errors} errors` : '', timeouts ? `${timeouts} timeouts` : ''].filter(Boolean);
  return parts.join(', ');
}

/** The line the console shows for a row. */
export function consoleRow(row: Row): string {
  const ratio = ratioOf(row);
  const name = row.uncached ? `  ${row.name}` : row.name;
  const app = `app ${rps(row.app).toString().padStart(6)} req/s (p99 ${row.app.latency.p99} ms${failures(row) ? `, ${failures(row)}` : ''})`;
  if (!row.bare || ratio === null) return `${name.padEnd(36)} ${app}`;
  return `${name.padEnd(36)} ${app} | bare ${rps(row.bare).toString().padStart(6)} req/s (p99 ${row.bare.latency.p99} ms) | ratio ${percent(ratio)} | ${row.bytes} bytes`;
}

function worldTable(world: World): string[] {
  const built = world.buildSeconds === null ? 'reused from an earlier run' : `built in ${Math.round(world.buildSeconds)} s`;
  const lines = [
    `## ${engineName(world.engine)}, ${count(world.listings)} listings`,
    '',
    `${count(world.users)} users, ${count(world.listings)} guest spots and as many availabilities, ${count(world.messages)} messages; world ${built}.`,
    '',
    '| read | app req/s | app p99 ms | bare req/s | bare p99 ms | ratio | bytes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of world.rows) {
    const ratio = ratioOf(row);
    const name = row.uncached ? `&nbsp;&nbsp;${row.name}` : row.name;
    lines.push(
      `| ${name} | ${rps(row.app)} | ${row.app.latency.p99} | ${row.bare ? rps(row.bare) : ''} | ${row.bare ? row.bare.latency.p99 : ''} | ${ratio === null ? '' : percent(ratio)} | ${row.bytes ?? ''} |`,
    );
    if (failures(row)) lines[lines.length - 1] += ` ${failures(row)}`;
  }
  lines.push(...cacheTable(world.cacheStats));
  return lines;
}

type KindCounts = { hits: number; misses: number; evictions: number };

/** The cached server's counters after the world's reads (`answerCacheStats()`): hits, misses and evictions by cache and kind. */
function cacheTable(stats: unknown): string[] {
  if (stats === undefined) return [];
  if (typeof stats !== 'object' || stats === null) return ['', `Cache counters: ${String(stats)}`];
  const lines = ['', 'The cached server\'s cache counters after these reads:', '', '| cache | kind | hits | misses | evictions |', '| --- | --- | ---: | ---: | ---: |'];
  for (const [cache, kinds] of Object.entries(stats as Record<string, Record<string, KindCounts>>)) {
    for (const [kind, c] of Object.entries(kinds)) lines.push(`| ${cache} | ${kind} | ${c.hits} | ${c.misses} | ${c.evictions} |`);
  }
  return lines;
}

/**
 * Each uncached read's rate at the largest scale of the run against the smallest, per engine:
 * the share it keeps as the data grows (the goal: at least half).
 */
function growthTable(worlds: World[]): string[] {
  const engines = [...new Set(worlds.map((w) => w.engine))];
  const ends = engines.flatMap((engine) => {
    const of = worlds.filter((w) => w.engine === engine).sort((a, b) => a.listings - b.listings);
    const small = of[0];
    const large = of[of.length - 1];
    return small && large && small !== large ? [{ engine, small, large }] : [];
  });
  if (ends.length === 0) return [];
  const reads = [...new Set(worlds.flatMap((w) => w.rows.filter((r) => r.uncached).map((r) => r.read ?? r.name)))];
  const uncached = (w: World, read: string) => w.rows.find((r) => r.uncached && (r.read ?? r.name) === read);
  const header = ends.flatMap(({ engine, small, large }) => [
    `${engineName(engine)} ${count(small.listings)}`,
    `${engineName(engine)} ${count(large.listings)}`,
    'kept',
    `of bare at ${count(large.listings)}`,
  ]);
  const lines = [
    `## Growth: uncached req/s at the largest scale against the smallest`,
    '',
    `| read | ${header.join(' | ')} |`,
    `| --- |${header.map(() => ' ---: |').join('')}`,
  ];
  for (const read of reads) {
    const cells = ends.flatMap(({ small, large }) => {
      const a = uncached(small, read);
      const b = uncached(large, read);
      const ratio = b ? ratioOf(b) : null;
      return [a ? String(rps(a.app)) : '', b ? String(rps(b.app)) : '', a && b ? percent(rps(b.app) / Math.max(1, rps(a.app))) : '', ratio === null ? '' : percent(ratio)];
    });
    lines.push(`| ${read} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The Markdown the results files hold. */
export function markdown(worlds: World[], meta: { connections: number; seconds: number; date: string; load: string; note?: string }): string {
  const lines = [
    '# Bench: hot reads against bare node:http',
    '',
    `${meta.date} UTC; ${meta.connections} connections, ${meta.seconds} s per run; load average before the run ${meta.load}.`,
    'The bare server answers with the identical bytes from memory, in its own process like the app; an',
    'uncached row is the same read against a second server with the answer caches off',
    '(`LIST_CACHE_SECONDS=0`), beside the same bare answer.',
    ...(meta.note ? ['', meta.note] : []),
    '',
  ];
  for (const world of worlds) lines.push(...worldTable(world), '');
  lines.push(...growthTable(worlds));
  return `${lines.join('\n').trimEnd()}\n`;
}
