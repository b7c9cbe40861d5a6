import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../common/schemas/messages';

/** Where a bus reports listener failures and a lost database link; Fastify's logger in the app. */
export type EventLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

interface Subscription {
  listener: (event: LiveEvent) => void;
  onLost?: () => void;
  /** Set when it began while events from other processes could not arrive. */
  missed: boolean;
}

/** The subscribers of this process, by user; both buses deliver through it. */
export class LocalSubscribers {
  private readonly byUser = new Map<number, Set<Subscription>>();

  add(userId: number, listener: (event: LiveEvent) => void, onLost: (() => void) | undefined, missed = false): () => void {
    const sub: Subscription = { listener, onLost, missed };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(sub);
    return () => {
      const current = this.byUser.get(userId);
      if (!current?.delete(sub)) return;
      if (current.size === 0) this.byUser.delete(userId);
    };
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Hands `event` to each subscriber of the users; one failing listener never stops the others. */
  deliver(userIds: Iterable<number>, event: LiveEvent, onError: (err: unknown) => void): void {
    for (const userId of new Set(userIds)) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      // A listener may unsubscribe while we walk the set.
      for (const sub of [...set]) {
        try {
          sub.listener(event);
        } catch (err) {
          onError(err);
        }
      }
    }
  }

  /** Marks every subscriber as having missed events, to be told once the link is back. */
  markMissed(): void {
    for (const set of this.byUser.values()) for (const sub of set) sub.missed = true;
  }

  /** Tells subscribers (all, or those marked `missed`) that events may have passed them by. */
  lose(onlyMissed: boolean, onError: (err: unknown) => void): void {
    for (const set of [...this.byUser.values()]) {
      for (const sub of [...set]) {
        if (onlyMissed && !sub.missed) continue;
        sub.missed = false;
        try {
          sub.onLost?.();
        } catch (err) {
          onError(err);
        }
      }
    }
  }

  clear(): void {
    this.byUser.clear();
  }
}
