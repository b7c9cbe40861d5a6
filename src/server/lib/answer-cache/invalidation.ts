import { ALL } from './tags';
import type { TagChannel } from './channel';

/** A cache of this process that drops entries by tag (the answer caches, the session cache). */
export interface Invalidatable {
  invalidate(tags: Iterable<string>): void;
  clear(): void;
}

/**
 * The one way a write clears cached answers: `invalidate(tags)` after the write committed clears
 * the caches of this process at once (the writer's next read is fresh) and sends the tags to the
 * other processes, which clear theirs when the message arrives.
 */
export interface Invalidation {
  invalidate(tags: Iterable<string>): void;
  /**
   * The same, resolving once the other processes were sent the tags (never rejecting): for
   * writes whose old state must not be served anywhere once they answer (ended sessions), and
   * for a command that exits right after.
   */
  invalidateEverywhere(tags: Iterable<string>): Promise<void>;
  /** Sends the tags to the other processes only: for tags this process cleared already. */
  announce(tags: Iterable<string>): void;
  /** Adds a cache to clear; answers the function that removes it. */
  register(cache: Invalidatable): () => void;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createInvalidation(channel: TagChannel): Invalidation {
  const caches = new Set<Invalidatable>();
  const apply = (list: string[]) => {
    if (list.includes(ALL)) for (const c of caches) c.clear();
    else for (const c of caches) c.invalidate(list);
  };
  // Subscribed with the first cache: a process holding none (a CLI) never listens.
  let off: (() => void) | null = null;
  const send = (tags: Iterable<string>): Promise<void> => {
    const list = [...new Set(tags)];
    if (!list.length) return Promise.resolve();
    apply(list);
    return channel.publish(list);
  };
  return {
    invalidate(tags) {
      void send(tags);
    },
    invalidateEverywhere: send,
    announce(tags) {
      const list = [...new Set(tags)];
      if (list.length) void channel.publish(list);
    },
    register(cache) {
      caches.add(cache);
      off ??= channel.subscribe(apply, () => apply([ALL]));
      return () => caches.delete(cache);
    },
    ready: () => channel.ready(),
    async close() {
      off?.();
      caches.clear();
      await channel.close();
    },
  };
}

/** An invalidation for scripts and tests that call services without caches. */
export const noInvalidation: Invalidation = {
  invalidate: () => undefined,
  invalidateEverywhere: () => Promise.resolve(),
  announce: () => undefined,
  register: () => () => undefined,
  ready: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
