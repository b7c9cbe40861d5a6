import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../../lib/jobs';

/** How often the reconciler looks at the open orders. */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;

/**
 * Runs the payment reconciler at start and then every five minutes while the app runs
 * (`scheduleJob`). Every change it makes is a guarded transition, so several processes running
 * it at once apply each payment once.
 */
export function schedulePaymentReconciler(app: FastifyInstance, everyMs = RECONCILE_EVERY_MS): void {
  scheduleJob(app, {
    name: 'the payment reconciler',
    everyMs,
    run: () => app.services.payments.reconcile(),
    report: (result) => (result.failed ? { level: 'warn', fields: result, msg: 'payment reconciler: some orders could not be checked' } : undefined),
  });
}
