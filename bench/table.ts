import type autocannon from 'autocannon';

/** One measured row: the app beside the bare server (or alone, for the uncached database path). */
export interface Row {
  name: string;
  app: autocannon.Result;
  bare?: autocannon.Result;
  bytes?: number;
}

const rps = (r: autocannon.Result) => Math.round(r.requests.average);
const ratioOf = (row: Row) => (row.bare ? rps(row.app) / Math.max(1, rps(row.bare)) : null);

/** The line the console shows for a row. */
export function consoleRow(row: Row): string {
  const ratio = ratioOf(row);
  const app = `app ${rps(row.app).toString().padStart(6)} req/s (p99 ${row.app.latency.p99} ms, ${row.app.non2xx} non-2xx)`;
  if (!row.bare || ratio === null) return `${row.name.padEnd(28)} ${app}`;
  return `${row.name.padEnd(28)} ${app} | bare ${rps(row.bare).toString().padStart(6)} req/s (p99 ${row.bare.latency.p99} ms) | ratio ${(ratio * 100).toFixed(1)} % | ${row.bytes} bytes`;
}

/** The Markdown table bench/results/latest.md holds. */
export function markdown(rows: Row[], meta: { connections: number; seconds: number; date: string; load: string }): string {
  const lines = [
    '# Bench: hot reads against bare node:http',
    '',
    `${meta.date}; ${meta.connections} connections, ${meta.seconds} s per run; load average before the run ${meta.load}.`,
    'The bare server answers with the identical bytes from memory, in its own process like the app.',
    '',
    '| read | app req/s | app p99 ms | bare req/s | bare p99 ms | ratio | bytes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const ratio = ratioOf(row);
    lines.push(
      `| ${row.name} | ${rps(row.app)} | ${row.app.latency.p99} | ${row.bare ? rps(row.bare) : ''} | ${row.bare ? row.bare.latency.p99 : ''} | ${ratio === null ? '' : `${(ratio * 100).toFixed(1)} %`} | ${row.bytes ?? ''} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
