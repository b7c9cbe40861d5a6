import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIsStale } from '../scripts/build-state';
import { bin, run } from '../scripts/run';
import { createScaledDatabase } from './scaled-data';

/**
 * Measures the hot reads of the built server against a bare node:http server that sends the
 * identical bytes from memory: the ratio says how much of the ceiling the app reaches.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
// `cold` reads also run against a second server with the list cache off (LIST_CACHE_SECONDS=0)
// on the same data, so the table shows the database path as well as the cached one.
const HOT_READS = [
  { name: 'featured artists', path: '/api/featured/artists?limit=5' },
  { name: 'featured studios', path: '/api/featured/studios?limit=5' },
  { name: 'guest spots', path: '/api/guest-spots', cold: true },
  { name: 'guest spots filter', path: '/api/guest-spots?country=DE&style=11&page=2', cold: true },
  { name: 'guest spots p200', path: '/api/guest-spots?page=200', cold: true },
  { name: 'guest spots text', path: '/api/guest-spots?q=berlin', cold: true },
  { name: 'availabilities', path: '/api/artist-availability', cold: true },
  { name: 'artists', path: '/api/artists', cold: true },
  { name: 'artists available', path: '/api/artists?available=true', cold: true },
];

if (buildIsStale()) {
  const code = await run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const coldPort = port + 100;
const env = {
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DEMO_DATA: '0',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
};
console.log('Creating a scaled data set (20,000 users, 100,000 guest spots, 100,000 availabilities)...');
await createScaledDatabase(env);

async function startServer(extra: Record<string, string>) {
  const child = spawn(bin('tsx'), ['src/server/main.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env, ...extra } });
  const url = `http://127.0.0.1:${extra.PORT ?? env.PORT}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url };
}

const { child: server, url: base } = await startServer({});
const { child: coldServer, url: coldBase } = await startServer({ PORT: String(coldPort), LIST_CACHE_SECONDS: '0' });

function cannon(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
}

function bare(body: Buffer, headers: Record<string, string>): Promise<Server> {
  return new Promise((resolve) => {
    const srv = createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    srv.listen(0, '127.0.0.1', () => resolve(srv));
  });
}

const rows: string[] = [];
try {
  for (const read of HOT_READS) {
    const sample = await fetch(base + read.path);
    const body = Buffer.from(await sample.arrayBuffer());
    const app = await cannon(base + read.path);
    const srv = await bare(body, { 'content-type': sample.headers.get('content-type') ?? 'application/json' });
    const address = srv.address();
    const ceiling = await cannon(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    srv.close();
    const ratio = app.requests.average / ceiling.requests.average;
    rows.push(
      `${read.name.padEnd(18)} app ${Math.round(app.requests.average).toString().padStart(6)} req/s (p99 ${app.latency.p99} ms, ${app.non2xx} non-2xx)` +
        ` | bare ${Math.round(ceiling.requests.average).toString().padStart(6)} req/s | ratio ${(ratio * 100).toFixed(1)} % | ${body.length} bytes`,
    );
    if (read.cold) {
      const cold = await cannon(coldBase + read.path);
      rows.push(`${'  uncached'.padEnd(18)} app ${Math.round(cold.requests.average).toString().padStart(6)} req/s (p99 ${cold.latency.p99} ms, ${cold.non2xx} non-2xx)`);
    }
  }
} finally {
  for (const child of [server, coldServer]) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nHot reads, ${CONNECTIONS} connections, ${DURATION_S} s each:\n${rows.join('\n')}`);
