import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import { createLeases, newHolder, type Leases } from './leases/index';
import { metricsOf } from './metrics/index';

/** How long a lease outlives a job's period, so a holder keeps it from one run to the next. */
export const LEASE_GRACE_MS = 30_000;
/** How often a running job renews its lease, well inside the grace. */
const RENEW_EVERY_MS = 10_000;

// One holder name per app: its jobs are one process's in the lease table.
const holders = new WeakMap<FastifyInstance, string>();

/**
 * Names the app's holder after the address it serves on, before its jobs are scheduled: a
 * process restarted after a crash at the same address is the same instance and takes its own
 * leases back at once (the payment reconciler runs at start), instead of waiting for them to
 * expire. Two live processes never share an address. Apps that serve nowhere (tests, tools)
 * keep a random name.
 */
export function nameLeaseHolder(app: FastifyInstance, address: string): void {
  holders.set(app, `${hostname()}:${address}`);
}
function holderOf(app: FastifyInstance): string {
  let holder = holders.get(app);
  if (!holder) holders.set(app, (holder = newHolder()));
  return holder;
}

export interface Job<T> {
  /** What the log calls it when a run fails. */
  name: string;
  everyMs: number;
  run: () => Promise<T>;
  /** What to log after a successful run (nothing when it returns undefined). */
  report?: (result: T) => { level: 'debug' | 'info' | 'warn'; fields: object; msg: string } | undefined;
}

/**
 * Runs a job when the app is ready and then every `everyMs` while it runs. The timer never
 * keeps the process alive, a run never overlaps the previous one, and closing the app stops the
 * timer and waits for the run under way, before the database closes.
 *
 * Across processes a job runs once: a tick runs it only while this app holds the job's lease in
 * `db` (the app's own by default), renewed while it runs; the holder keeps it from tick to tick,
 * another process takes over once it expires (the holder died), and closing gives it up at once.
 */
export function scheduleJob<T>(app: FastifyInstance, job: Job<T>, db: Db = app.ctx.db): void {
  // Made at the first tick (onReady), once main.ts has named the holder.
  let made: Leases | undefined;
  const leases = () => (made ??= createLeases(db, holderOf(app)));
  const ttlMs = job.everyMs + LEASE_GRACE_MS;
  let current: Promise<void> | null = null;
  const runLeased = async (): Promise<{ ran: false } | { ran: true; result: T }> => {
    if (!(await leases().take(job.name, ttlMs))) return { ran: false };
    const renewal = setInterval(() => {
      leases()
        .take(job.name, ttlMs)
        .then((kept) => kept || app.log.warn({ job: job.name }, 'a running job lost its lease'))
        .catch((err: unknown) => app.log.warn({ err, job: job.name }, 'renewing a job lease failed'));
    }, RENEW_EVERY_MS).unref();
    try {
      return { ran: true, result: await job.run() };
    } finally {
      clearInterval(renewal);
    }
  };
  const tick = () => {
    if (current) return;
    current = runLeased()
      .then(
        (outcome) => {
          // Another process holds the lease: nothing ran here.
          if (!outcome.ran) return;
          metricsOf(app)?.count('jobRuns', { job: job.name, outcome: 'ok' });
          const line = job.report?.(outcome.result);
          if (line) app.log[line.level](line.fields, line.msg);
        },
        (err: unknown) => {
          metricsOf(app)?.count('jobRuns', { job: job.name, outcome: 'failed' });
          app.log.error({ err }, `${job.name} failed`);
        },
      )
      .finally(() => {
        current = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.everyMs).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
    // The next process to tick takes over now rather than after the lease runs out.
    await leases().release(job.name).catch((err: unknown) => app.log.warn({ err, job: job.name }, 'releasing a job lease failed'));
  });
}
