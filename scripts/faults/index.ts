import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../built-server';
import { throwawayCluster, throwawayRedis } from './dependencies';
import { outageFaults } from './outage';
import { outboxFaults } from './outbox';
import { runPurchases } from './purchases';
import { bounded, ServerProcess, type Check } from './server';
import { uploadFaults } from './uploads';

/**
 * `npm run faults [-- uploads purchases outbox postgres redis]`: kills and outages, each bounded in time;
 * prints one line per check and exits non-zero when one failed (decision 044).
 */
const SCENARIOS: Record<string, () => Promise<Check[]>> = {
  uploads: () => bounded('the upload faults', 720_000, uploadFaults),
  purchases: runPurchases,
  outbox: () => bounded('the outbox faults', 600_000, outboxFaults),
  postgres: () =>
    bounded('the PostgreSQL outages', 300_000, async () => {
      const cluster = await throwawayCluster();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-pgout-'));
      const server = new ServerProcess('pg-outage', await freePort(), { DATA_DIR: dataDir, DATABASE_URL: cluster.url, EVENTS: 'postgres', RATE_LIMIT_STORE: 'postgres' });
      try {
        await server.start();
        return await outageFaults(cluster, server);
      } finally {
        await server.kill();
        await cluster.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }),
  redis: () =>
    bounded('the Redis outages', 300_000, async () => {
      const redis = await throwawayRedis();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-faults-redisout-'));
      const server = new ServerProcess('redis-outage', await freePort(), { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: redis.url, EVENTS: 'redis', RATE_LIMIT_STORE: 'redis' });
      try {
        await server.start();
        return await outageFaults(redis, server);
      } finally {
        await server.kill();
        await redis.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }),
};

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((name) => !(name in SCENARIOS));
if (unknown.length) {
  console.error(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(SCENARIOS).join(', ')}`);
  process.exit(2);
}
const checks: Check[] = [];
for (const name of asked.length ? asked : Object.keys(SCENARIOS)) {
  const started = Date.now();
  console.log(`faults: ${name} ...`);
  try {
    checks.push(...(await (SCENARIOS[name] as () => Promise<Check[]>)()));
  } catch (err) {
    checks.push({ scenario: name, check: 'ran', ok: false, detail: (err as Error).message.slice(0, 300) });
  }
  console.log(`faults: ${name} took ${Math.round((Date.now() - started) / 1000)} s`);
}

const width = (pick: (c: Check) => string, title: string) => Math.max(title.length, ...checks.map((c) => pick(c).length));
const ws = width((c) => c.scenario, 'scenario');
const wc = width((c) => c.check, 'check');
console.log(`\n${'scenario'.padEnd(ws)}  ${'check'.padEnd(wc)}  result  detail`);
for (const c of checks) console.log(`${c.scenario.padEnd(ws)}  ${c.check.padEnd(wc)}  ${(c.ok ? 'pass' : 'FAIL').padEnd(6)}  ${c.detail}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} of ${checks.length} checks passed`);
process.exit(failed ? 1 : 0);
