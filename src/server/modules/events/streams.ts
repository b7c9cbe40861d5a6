/** One open stream, as the registry holds it. */
export interface StreamSlot {
  /** Frees the slot; called once the stream has ended. */
  release(): void;
}

export interface StreamRegistry {
  /** Takes one of the user's slots, or answers null when all are taken; `end` closes the stream. */
  open(userId: number, end: () => void): StreamSlot | null;
  /** Ends every open stream: closing the app must not wait for browsers to hang up. */
  endAll(): void;
  count(userId: number): number;
}

/** The open streams of this process, at most `maxPerUser` a user, counted before anything is awaited. */
export function createStreamRegistry(maxPerUser: number): StreamRegistry {
  const byUser = new Map<number, Set<() => void>>();
  return {
    open(userId, end) {
      let set = byUser.get(userId);
      if ((set?.size ?? 0) >= maxPerUser) return null;
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      const entry = () => end();
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
      for (const set of [...byUser.values()]) for (const end of [...set]) end();
    },
    count: (userId) => byUser.get(userId)?.size ?? 0,
  };
}
