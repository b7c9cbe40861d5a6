import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../jobs';

/** How often the worker looks for events no nudge delivered (a process died, a retry is due). */
export const OUTBOX_POLL_MS = 5_000;
/** How long delivered events stay for a look (`npm run outbox -- --status` counts only the rest). */
const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * The outbox worker, under a lease like every job: the events left behind by a process that
 * died before delivering, and the retries as they fall due. Writes in this process are
 * delivered at once by their nudge; this is the net under it.
 */
export function scheduleOutbox(app: FastifyInstance, everyMs = OUTBOX_POLL_MS): void {
  const outbox = app.ctx.outbox;
  let purgedAt = 0;
  scheduleJob(app, {
    name: 'the outbox',
    everyMs,
    run: async () => {
      const tally = await outbox.deliverDue();
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await outbox.purge(new Date(Date.now() - KEEP_DELIVERED_MS));
      }
      return tally;
    },
    report: (tally) => (tally.delivered || tally.failed ? { level: tally.failed ? 'warn' : 'debug', fields: tally, msg: 'outbox round' } : undefined),
  });
}
