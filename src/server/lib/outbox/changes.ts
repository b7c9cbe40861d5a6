import type { Invalidation } from '../answer-cache/index';
import type { Emitted, Outbox } from './outbox';
import type { Writer } from './repo';

/** Work a write runs last inside its own transaction: there, the change's event. */
export type Within = (trx: Writer) => Promise<void>;

/** A kind of write whose cached answers travel as an outbox event (docs/decisions/039). */
export interface ChangeEvent<P> {
  /**
   * Runs a write that calls `within` inside its transaction (where the event is written), then
   * clears what it changed. A write that changed nothing and never called it clears here only.
   */
  around<T>(payload: P, write: (within: Within) => Promise<T>): Promise<T>;
  /** Writes the change's event in the write's own transaction (nothing without an outbox). */
  emit(trx: Writer, payload: P): Promise<Emitted[]>;
  /** After the commit: clears the change's tags here at once; its event clears them in every process. */
  committed(events: Emitted[], payload: P): void;
}

/**
 * Declares, once per module, which cached answers a kind of write changes. With an outbox the
 * write's transaction carries the event, so the other processes clear the tags even when the
 * writing process dies right after the commit; without one (scripts, the demo seed, tests of a
 * bare service) the tags are cleared after the commit in this process.
 */
export function defineChange<P>(
  outbox: Pick<Outbox, 'define' | 'afterCommit'> | undefined,
  invalidation: Pick<Invalidation, 'invalidate'>,
  kind: string,
  tags: (payload: P) => string[],
): ChangeEvent<P> {
  const event = outbox?.define<P>(kind, { tags });
  const change: ChangeEvent<P> = {
    emit: async (trx, payload) => (event ? [await event.emit(trx, payload)] : []),
    committed(events, payload) {
      if (outbox && events.length) outbox.afterCommit(...events);
      else invalidation.invalidate(tags(payload));
    },
    async around(payload, write) {
      let events: Emitted[] = [];
      const result = await write(async (trx) => {
        events = await change.emit(trx, payload);
      });
      change.committed(events, payload);
      return result;
    },
  };
  return change;
}

/** An event its writer delivers itself right after the commit: a live event a reader waits for. */
export interface PromptEvent<P> {
  /** Writes the event in the write's own transaction (nothing without an outbox). */
  emit(trx: Writer, payload: P): Promise<Emitted[]>;
  /**
   * After the commit: delivers it here before returning; a failed delivery is retried by the
   * outbox. Without one, runs the delivery directly.
   */
  committed(events: Emitted[], payload: P): Promise<void>;
}

/**
 * Declares a prompt event (docs/decisions/039): written with the write, so a process that dies
 * after the commit leaves it to the next round instead of losing it, and delivered by the
 * writer at once, so a live reader sees it as soon as the write is answered.
 */
export function definePrompt<P>(
  outbox: Pick<Outbox, 'define' | 'settle'> | undefined,
  invalidation: Pick<Invalidation, 'invalidate'>,
  kind: string,
  definition: { tags?: (payload: P) => string[]; deliver: (payload: P) => Promise<void> },
): PromptEvent<P> {
  const event = outbox?.define<P>(kind, { ...definition, prompt: true });
  return {
    emit: async (trx, payload) => (event ? [await event.emit(trx, payload)] : []),
    async committed(events, payload) {
      if (outbox && events.length) return outbox.settle(...events);
      const tags = definition.tags?.(payload);
      if (tags?.length) invalidation.invalidate(tags);
      await definition.deliver(payload);
    },
  };
}
