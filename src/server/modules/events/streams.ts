import { userOfSessionTag, type Invalidatable } from '../../lib/answer-cache/index';

/** One open stream, as the registry holds it. */
export interface StreamSlot {
  /** Frees the slot; called once the stream has ended. */
  release(): void;
}

/** What the registry holds of one stream: how to end it, and how to end it if its session is gone. */
export interface StreamHandle {
  end(): void;
  /** Looks the stream's session up in the database and ends the stream when it has ended. */
  check(): void;
}

/**
 * The open streams of this process. Registered with the invalidation hub like the caches: a
 * `session:{user}` tag (logout, password change or reset, account deletion, the admin command)
 * makes each of that user's streams here check its session at once, so a stream whose session
 * ended in any process closes within moments, not at its next periodic check.
 */
export interface StreamRegistry extends Invalidatable {
  /** Takes one of the user's slots, or answers null when all are taken. */
  open(userId: number, stream: StreamHandle): StreamSlot | null;
  /** Ends every open stream: closing the app must not wait for browsers to hang up. */
  endAll(): void;
  count(userId: number): number;
}

/** The open streams of this process, at most `maxPerUser` a user, counted before anything is awaited. */
export function createStreamRegistry(maxPerUser: number): StreamRegistry {
  const byUser = new Map<number, Set<StreamHandle>>();
  return {
    open(userId, stream) {
      let set = byUser.get(userId);
      if ((set?.size ?? 0) >= maxPerUser) return null;
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      // Its own entry, so one handle opened twice still takes two slots.
      const entry: StreamHandle = { end: () => stream.end(), check: () => stream.check() };
      set.add(entry);
      return {
        release() {
          const current = byUser.get(userId);
          if (!current?.delete(entry)) return;
          if (current.size === 0) byUser.delete(userId);
        },
      };
    },
    endAll() {
      for (const set of [...byUser.values()]) for (const entry of [...set]) entry.end();
    },
    count: (userId) => byUser.get(userId)?.size ?? 0,
    invalidate(tags) {
      for (const tag of tags) {
        const userId = userOfSessionTag(tag);
        if (userId === null) continue;
        for (const entry of [...(byUser.get(userId) ?? [])]) entry.check();
      }
    },
    // Clearing every cache (an account deletion, a link that dropped) checks no stream: a
    // deletion sends its user's session tag first, and the periodic check covers what a
    // dropped link missed (the PostgreSQL bus ends every stream then anyway).
    clear() {},
  };
}
