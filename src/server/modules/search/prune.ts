import type { FastifyInstance } from 'fastify';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import { scheduleJob } from '../../lib/jobs';
import { batchEnd, removeUnshown } from './repo';
import { SOURCES } from './sources';

/** How often the index is rid of listings no write took out. */
export const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
/** Documents one statement looks at: a short write at a time, on a large index too. */
const PRUNE_BATCH = 1000;

/**
 * Removes the documents of guest spots and availabilities no longer shown. A listing that ends
 * has no write to tell the index; each search checks the live row and walks past it, and ended
 * listings pile up. Each batch is one statement that checks the live rows itself, so a listing
 * shown again by a write in between is not removed (its write indexes it anew in any case).
 */
export async function pruneSearchIndex(db: Db, today = todayInBerlin()): Promise<number> {
  let removed = 0;
  for (const type of ['guestspots', 'availabilities'] as const) {
    const visible = SOURCES[type]?.visible(today);
    if (!visible) continue;
    let after = 0;
    for (;;) {
      const hi = await batchEnd(db, type, after, PRUNE_BATCH);
      if (hi === null) break;
      removed += await removeUnshown(db, type, { after, upTo: hi }, visible);
      after = hi;
    }
  }
  return removed;
}

/** Prunes at start and daily (`scheduleJob`: once across processes, under its lease). */
export function scheduleSearchPrune(app: FastifyInstance, everyMs = PRUNE_EVERY_MS): void {
  scheduleJob(app, {
    name: 'the search index prune',
    everyMs,
    run: () => pruneSearchIndex(app.ctx.db),
    report: (removed) => (removed ? { level: 'info', fields: { removed }, msg: 'documents of listings no longer shown left the search index' } : undefined),
  });
}
