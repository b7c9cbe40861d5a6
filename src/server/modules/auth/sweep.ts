import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../../lib/jobs';
import type { Db } from '../../db/index';
import * as repo from './repo';
import { DAY_MS, SESSION_ABSOLUTE_DAYS } from './sessions';

const HOUR_MS = 60 * 60_000;

/** Deletes sessions past either lifetime and reset tokens that are used or expired. */
export async function sweepExpired(db: Db, now = new Date()): Promise<{ sessions: number; passwordResets: number }> {
  const iso = now.toISOString();
  const startedBefore = new Date(now.getTime() - SESSION_ABSOLUTE_DAYS * DAY_MS).toISOString();
  const sessions = await repo.deleteExpiredSessions(db, iso, startedBefore);
  const passwordResets = await repo.deleteSpentPasswordResets(db, iso);
  return { sessions, passwordResets };
}

/** Sweeps now and then every hour while the app runs (`scheduleJob`). */
export function scheduleSweep(app: FastifyInstance, db: Db, everyMs = HOUR_MS): void {
  scheduleJob(app, {
    name: 'sweeping expired sessions and reset tokens',
    everyMs,
    run: () => sweepExpired(db),
    report: (deleted) => ({ level: 'debug', fields: deleted, msg: 'swept expired sessions and reset tokens' }),
  }, db);
}
