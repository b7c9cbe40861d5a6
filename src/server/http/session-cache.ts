import type { SessionUser } from '../../common/schemas/session';
import type { Invalidatable } from '../lib/answer-cache/index';
import { userOfTag } from '../lib/answer-cache/index';
import { createStatsCounter } from '../lib/answer-cache/stats';

/** One kind in the process's cache counts (`answerCacheStats().sessions.sessions`). */
const KIND = 'sessions';

/** Turns a session cookie's value into its session, or null when unknown or expired. */
export type SessionResolver = (token: string) => Promise<{ id: string; user: SessionUser } | null>;
type Session = Awaited<ReturnType<SessionResolver>>;

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 30_000;

/**
 * Sessions by cookie value for a short while, so a logged-in reader costs no query per request.
 * Whatever ends a session or changes its user clears that user's entries here and in every
 * other process (`session:{id}` and `user:{id}` tags over the invalidation port); an entry that
 * missed a message is trusted at most `ttlMs`. Unknown cookies are kept too (as null), so a
 * stale cookie costs one query per window, not one per request.
 */
export interface SessionCache extends Invalidatable {
  /** The cached answer, or undefined when the database has to be asked. */
  peek(token: string): Session | undefined;
  resolve(token: string): Promise<Session>;
}

interface Entry {
  session: Session;
  expires: number;
}

export function createSessionCache(resolve: SessionResolver, { ttlMs = SESSION_CACHE_MS, maxEntries = 10_000 } = {}): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  const loading = new Map<string, Promise<Session>>();
  // Hits are lookups answered from memory (a request the fast lane passes on may look twice);
  // misses are lookups that went to the database or joined one under way.
  const counter = createStatsCounter('sessions');
  // Bumped by every invalidation: a lookup that began before one is answered but not kept.
  let epoch = 0;

  function forget(token: string): void {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const id = entry.session?.user.id;
    if (id === undefined) return;
    const set = byUser.get(id);
    set?.delete(token);
    if (set?.size === 0) byUser.delete(id);
  }

  function keep(token: string, session: Session): void {
    forget(token);
    entries.set(token, { session, expires: Date.now() + ttlMs });
    if (session) {
      let set = byUser.get(session.user.id);
      if (!set) byUser.set(session.user.id, (set = new Set()));
      set.add(token);
    }
    if (entries.size > maxEntries) {
      forget(entries.keys().next().value as string);
      counter.count(KIND, 'evictions');
    }
  }

  return {
    peek(token) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expires > Date.now()) {
        counter.count(KIND, 'hits');
        return entry.session;
      }
      forget(token);
      return undefined;
    },

    resolve(token) {
      counter.count(KIND, 'misses');
      const running = loading.get(token);
      if (running) return running;
      const started = epoch;
      const lookup = resolve(token).then(
        (session) => {
          loading.delete(token);
          if (ttlMs > 0 && started === epoch) keep(token, session);
          return session;
        },
        (err: unknown) => {
          loading.delete(token);
          throw err;
        },
      );
      loading.set(token, lookup);
      return lookup;
    },

    invalidate(list) {
      let touched = false;
      for (const tag of list) {
        const id = userOfTag(tag);
        if (id === null) continue;
        touched = true;
        for (const token of [...(byUser.get(id) ?? [])]) forget(token);
      }
      if (touched) {
        epoch++;
        // A lookup running now may have read the session before it ended.
        loading.clear();
      }
    },

    clear() {
      epoch++;
      loading.clear();
      entries.clear();
      byUser.clear();
    },
  };
}
