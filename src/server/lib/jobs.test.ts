import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import type { Db } from '../db/index';
import { createPeerApp, createTestApp, describeEachEngine } from '../test/app';
import { LEASE_GRACE_MS, scheduleJob } from './jobs';

const EVERY_MS = 25;

/**
 * A process's job runner on `db` (an app's pool) with a job named `name` that counts its runs:
 * a host of its own, since jobs are scheduled before an app is ready and the test apps are.
 */
async function countingJob(db: Db, name: string): Promise<{ host: FastifyInstance; runs: { count: number } }> {
  const host = Fastify({ logger: false });
  const runs = { count: 0 };
  scheduleJob(host, { name, everyMs: EVERY_MS, run: async () => void runs.count++ }, db);
  await host.ready();
  return { host, runs };
}

describeEachEngine('scheduled jobs across processes', (engine) => {
  afterEach(() => vi.useRealTimers());

  it('run in one of two apps on one database, and in the other once the first closes', async () => {
    const first = await createTestApp(engine);
    const second = await createPeerApp(first);
    const a = await countingJob(first.app.ctx.db, 'counting');
    const b = await countingJob(second.ctx.db, 'counting');
    try {
      await vi.waitFor(() => expect(a.runs.count + b.runs.count).toBeGreaterThan(5));
      expect(Math.min(a.runs.count, b.runs.count)).toBe(0);
      const [holder, other] = a.runs.count > 0 ? [a, b] : [b, a];
      // Closing gives the lease up: the other takes over on its next tick.
      await holder.host.close();
      const before = holder.runs.count;
      await vi.waitFor(() => expect(other.runs.count).toBeGreaterThan(3));
      expect(holder.runs.count).toBe(before);
    } finally {
      await a.host.close();
      await b.host.close();
      await second.close();
      await first.close();
    }
  });

  it('wait for a dead holder’s lease to run out, then take it over', async () => {
    const t = await createTestApp(engine);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const now = new Date('2030-01-01T00:00:00.000Z');
      vi.setSystemTime(now);
      // A process that died holding the lease: its row stays until it expires.
      const expires = new Date(now.getTime() + 60_000).toISOString();
      await t.app.ctx.db.insertInto('job_leases').values({ name: 'orphaned', holder: 'gone:1:dead', expires_at: expires }).execute();
      const { host, runs } = await countingJob(t.app.ctx.db, 'orphaned');
      await new Promise((resolve) => setTimeout(resolve, 10 * EVERY_MS));
      expect(runs.count).toBe(0);
      vi.setSystemTime(new Date(now.getTime() + 60_001));
      await vi.waitFor(() => expect(runs.count).toBeGreaterThan(0));
      const row = await t.app.ctx.db.selectFrom('job_leases').selectAll().where('name', '=', 'orphaned').executeTakeFirstOrThrow();
      expect(row.holder).not.toBe('gone:1:dead');
      expect(Date.parse(row.expires_at)).toBeGreaterThanOrEqual(now.getTime() + 60_001 + EVERY_MS + LEASE_GRACE_MS);
      await host.close();
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
