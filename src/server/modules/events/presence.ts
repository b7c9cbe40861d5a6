import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { markActive } from './repo';

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
  return {
    touch(userId, log) {
      const t = now();
      const last = written.get(userId);
      if (last !== undefined && t - last < intervalMs) return;
      written.delete(userId);
      written.set(userId, t);
      for (const [id, at] of written) {
        if (t - at < intervalMs) break;
        written.delete(id);
      }
      const write: Promise<void> = markActive(db, userId, new Date(t).toISOString())
        .catch((err: unknown) => log.warn({ err }, 'activity mark not written'))
        .finally(() => pending.delete(write));
      pending.add(write);
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
