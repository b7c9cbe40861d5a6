import type { LiveEvent } from '../../../common/schemas/messages';

/**
 * Live events to users: a message service publishes, the `/api/events` stream of each open
 * browser subscribes. In one process, or across processes (EVENTS) through PostgreSQL's
 * LISTEN/NOTIFY or Redis pub/sub, so a message sent via one process reaches a browser
 * connected to another. Cache tags travel the same way.
 */
export interface EventBus {
  /** Delivers `event` to every open stream of each user in `userIds`; never throws, never waits for delivery. */
  publish(userIds: number[], event: LiveEvent): void;
  /**
   * Calls `listener` for each event to `userId` until the returned function is called.
   * `onLost` is called when events to this subscriber may have been missed (it began, or the
   * link to other processes dropped, while nobody listened), once the link is back: the stream
   * tells its browser to refetch what it shows.
   */
  subscribe(userId: number, listener: (event: LiveEvent) => void, onLost?: () => void): () => void;
  /**
   * Sends cache invalidation tags to the other processes (src/server/lib/answer-cache); this
   * process has cleared its own already. Never throws; the answer resolves once the tags were
   * sent (or sending failed), for writes that must not answer before the others were told.
   */
  broadcast?(tags: readonly string[]): Promise<void>;
  /** Calls `listener` with every other process's tags; `onLost` when some may have been missed. */
  onBroadcast?(listener: (tags: string[]) => void, onLost: () => void): () => void;
  /** Resolves once events published by other processes reach this one; at once in one process. */
  ready?(): Promise<void>;
  /**
   * Whether events from other processes reach this one now (readiness reports it); a bus in one
   * process always does. Cheap and synchronous: it reads the link's state, it does not test it.
   */
  healthy(): boolean;
  close(): Promise<void>;
}
