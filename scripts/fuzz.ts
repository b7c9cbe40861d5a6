import { randomInt } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createTestApp } from '../src/server/test/app';
import { describeReport, httpTarget, injectTarget, runFuzz } from '../src/server/test/fuzz/index';

/**
 * `npm run fuzz`: bad requests to every route, checked one by one (src/server/test/fuzz).
 * FUZZ_SEED repeats a run (a new one is drawn and printed otherwise), FUZZ_REQUESTS sets its
 * size. By default a fresh app on a throwaway database (PostgreSQL when TEST_DATABASE_URL is
 * set), through inject; with FUZZ_BASE_URL the requests go over HTTP to a running deployment
 * (a balancer in front of several processes) whose DATABASE_URL this process is given too.
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const requests = process.env.FUZZ_REQUESTS ? Number(process.env.FUZZ_REQUESTS) : 10_000;
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(requests) || requests < 1) {
  console.error('FUZZ_SEED and FUZZ_REQUESTS must be whole numbers (FUZZ_REQUESTS at least 1).');
  process.exit(2);
}
const baseUrl = process.env.FUZZ_BASE_URL;
const log = (line: string) => console.log(line);

let report;
if (baseUrl) {
  // The same code's route table, and the deployment's database for its people and checks.
  const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }));
  await app.ready();
  try {
    report = await runFuzz({ target: httpTarget(baseUrl), db: app.ctx.db, routes: app.routeTable, publicUrl: app.ctx.config.publicUrl, seed, requests, minPerRoute: 30, log });
  } finally {
    await app.close();
  }
} else {
  const t = await createTestApp(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', { LOG_LEVEL: 'fatal' });
  try {
    report = await runFuzz({ target: injectTarget(t.app), db: t.app.ctx.db, routes: t.app.routeTable, publicUrl: t.config.publicUrl, seed, requests, minPerRoute: 30, log });
  } finally {
    await t.close();
  }
}
console.log(describeReport(report, 100));
const failed = report.failures.length + report.undeclared.length + report.databaseProblems.length;
process.exit(failed ? 1 : 0);
