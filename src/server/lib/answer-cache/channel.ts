/**
 * How invalidation tags reach the other processes of a deployment: the events port
 * (src/server/lib/events: PostgreSQL LISTEN/NOTIFY or Redis pub/sub, as EVENTS says). In one
 * process there is nobody to tell.
 */
export interface TagChannel {
  /** Sends tags to the other processes; never throws. Resolves once they were sent (or sending failed). */
  publish(tags: readonly string[]): Promise<void>;
  /**
   * Calls `onTags` with each other process's tags; `onLost` when some may have been missed (the
   * link dropped or was late to start): the listener should then clear everything it holds.
   */
  subscribe(onTags: (tags: string[]) => void, onLost: () => void): () => void;
  /** Resolves once tags from other processes arrive. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A single process's channel: nothing to send, nothing to hear. */
export const localChannel: TagChannel = {
  publish: () => Promise.resolve(),
  subscribe: () => () => undefined,
  ready: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
