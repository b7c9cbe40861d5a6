import type { FastifyInstance } from 'fastify';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { scheduleJob } from '../../lib/jobs';
import { createDealRepo } from './repo';

/** How often pending requests past their first day are marked expired. */
export const EXPIRY_EVERY_MS = 60 * 60 * 1000;

/**
 * Marks pending applications and invitations whose first day passed unanswered as expired, at
 * start and every hour (`scheduleJob`: once across processes). They read as expired before
 * that already; the mark keeps the stored status true for what reads the table directly (the
 * pending keys, the admin area, exports). `today` is the clock, for tests.
 */
export async function expireDealRequests(app: FastifyInstance, today: string = todayInBerlin()): Promise<number> {
  return createDealRepo(app.ctx.db).expireOverdue(today);
}

export function scheduleDealExpiry(app: FastifyInstance, everyMs = EXPIRY_EVERY_MS): void {
  scheduleJob(app, {
    name: 'the deal request expiry',
    everyMs,
    run: () => expireDealRequests(app),
    report: (expired) => (expired ? { level: 'info', fields: { expired }, msg: 'deal requests expired' } : undefined),
  });
}
