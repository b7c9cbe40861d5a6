import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { berlinDay, isoWeekStart } from '../../lib/berlin-calendar';
import { markActive, recordActiveDay } from './repo';

/** A user's activity mark is written at most this often by one process. */
export const PRESENCE_INTERVAL_MS = 60_000;

export interface Presence {
  /** Marks the user active now, unless this process did so within the last minute; never throws, never waits. */
  touch(userId: number, log: Pick<FastifyBaseLogger, 'warn'>): void;
  /** Resolves once the marks being written are written. */
  idle(): Promise<void>;
}

/**
 * `users.last_active_at`, which the unread-message mail reads to leave out users who are around.
 * The throttle keeps it to one small write a minute per active user; entries are kept in the
 * order they were last written, so the stale ones are dropped from the front as we go.
 */
export function createPresence(db: Db, opts: { intervalMs?: number; now?: () => number } = {}): Presence {
  const intervalMs = opts.intervalMs ?? PRESENCE_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  const written = new Map<number, number>();
  const pending = new Set<Promise<void>>();
  const track = (write: Promise<void>) => {
    const tracked: Promise<void> = write.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  // The statistics' active users: one row per user and Berlin day. The users this process has
  // recorded today are kept in memory, so a day costs each user one insert per process (which
  // a second process's insert meets as a conflict, changing nothing). Berlin's day can only
  // change on a whole UTC hour, so the day is worked out again at most once an hour.
  let today = '';
  let todayEndsAt = 0;
  const seenToday = new Set<number>();
  const recordDay = (userId: number, t: number, log: Pick<FastifyBaseLogger, 'warn'>) => {
    if (t >= todayEndsAt) {
      const day = berlinDay(t);
      if (day !== today) {
        today = day;
        seenToday.clear();
      }
      todayEndsAt = (Math.floor(t / 3_600_000) + 1) * 3_600_000;
    }
    if (seenToday.has(userId)) return;
    seenToday.add(userId);
    const day = today;
    track(
      recordActiveDay(db, userId, day, isoWeekStart(day)).catch((err: unknown) => {
        // Tried again on the user's next request.
        if (day === today) seenToday.delete(userId);
        log.warn({ err }, 'active day not recorded');
      }),
    );
  };
  return {
    touch(userId, log) {
      const t = now();
      recordDay(userId, t, log);
      const last = written.get(userId);
      if (last !== undefined && t - last < intervalMs) return;
      written.delete(userId);
      written.set(userId, t);
      for (const [id, at] of written) {
        if (t - at < intervalMs) break;
        written.delete(id);
      }
      track(markActive(db, userId, new Date(t).toISOString()).catch((err: unknown) => log.warn({ err }, 'activity mark not written')));
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/**
 * Marks the logged-in user active after each answer has left. On the root app, after the
 * session hook, so it sees every route and page.
 */
export function registerPresence(app: FastifyInstance, presence: Presence): void {
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.user) presence.touch(request.user.id, request.log);
    done();
  });
}
