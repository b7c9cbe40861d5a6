import type { Db } from '../../db/index';
import type { Invalidation } from '../answer-cache/index';
import { faultPoint } from '../faults';
import * as store from './repo';

/** How long a worker has an event to itself; past it, another may deliver it again. */
export const CLAIM_MS = 60_000;
/** The first retry's wait; each further failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 5_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** Failures after which an event is parked (about a day of tries) and shows as failed. */
export const MAX_ATTEMPTS = 30;
const BATCH = 50;

/** The wait before the next try after the `attempts`-th failed one. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/** An event as its consumer sees it: the id is what makes a consumer's effect happen once. */
export interface DeliveredEvent {
  id: number;
  kind: string;
  createdAt: string;
}

/**
 * An event's name outside (a mail's Message-ID and file): the same for every delivery of it, so
 * a repeat is recognisable as one.
 */
export function eventKey(event: DeliveredEvent): { id: string; at: Date } {
  return { id: `outbox-${String(event.id).padStart(12, '0')}`, at: new Date(event.createdAt) };
}

export interface EventDefinition<P> {
  /**
   * The cached answers the write behind the event changes: cleared in the writing process as
   * soon as it commits, and again (here and in the other processes) when the event is delivered.
   */
  tags?: (payload: P) => string[];
  /** The side effect. It may run more than once for one event; its effect must not (key it on `event.id`). */
  deliver?: (payload: P, event: DeliveredEvent) => Promise<void>;
  /**
   * Delivered by the writing process as soon as the write commits, before it answers (live
   * events, which a reader waits for): the event is written claimed by its writer for CLAIM_MS,
   * so no round takes it meanwhile, and a round delivers it once the claim runs out when the
   * writer died first.
   */
  prompt?: boolean;
}

/** An event written in a transaction, to hand to `afterCommit` once that committed. */
export interface Emitted {
  readonly kind: string;
  readonly id: number;
  readonly payload: unknown;
  /** A prompt event's claim, held by its writer: when it was written and until when. */
  readonly claim?: { readonly createdAt: string; readonly until: string };
}

export interface EventKind<P> {
  readonly kind: string;
  /** Writes the event in the write's transaction; hand the answer to `outbox.afterCommit`. */
  emit(writer: store.Writer, payload: P): Promise<Emitted>;
}

export interface Outbox {
  /** Declares an event kind once: what it clears and what it sets off. */
  define<P>(kind: string, definition: EventDefinition<P>): EventKind<P>;
  /**
   * After the transaction that emitted them committed: clears their tags now and delivers them
   * soon (prompt events at once, in the background).
   */
  afterCommit(...events: Emitted[]): void;
  /** As `afterCommit`, and waits until the prompt events among them were delivered (or failed, to be retried). */
  settle(...events: Emitted[]): Promise<void>;
  /** Starts a delivery round in this process unless one is running (it then runs another after). */
  nudge(): void;
  /** One round: claims the events due at `now` and delivers them. */
  deliverDue(now?: Date): Promise<{ delivered: number; failed: number }>;
  /** Delivers until nothing is due at `now`: tests read mails after it, a command before it exits. */
  drain(now?: Date): Promise<void>;
  /** Drops delivered events older than `before`. */
  purge(before: Date): Promise<number>;
  status(): Promise<store.KindStatus[]>;
  /** Waits for the rounds under way; no round starts after. */
  close(): Promise<void>;
}

export interface OutboxDeps {
  db: Db;
  invalidation: Pick<Invalidation, 'invalidate'> & Partial<Pick<Invalidation, 'announce'>>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock of claims and retries; tests move it. */
  now?: () => Date;
}

/**
 * The outbox (docs/decisions/039): a write's side effects as rows of `outbox_events` in the
 * write's own transaction, delivered after it commits, at least once, with retries and backoff.
 * A round may run in any process at any time: claiming a row is what gives it to one worker.
 */
export function createOutbox(deps: OutboxDeps): Outbox {
  const { db, invalidation, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const definitions = new Map<string, EventDefinition<unknown>>();
  let round: Promise<unknown> | null = null;
  let again = false;
  let closed = false;

  const clearTags = (kind: string, payload: unknown) => {
    const tags = definitions.get(kind)?.tags?.(payload);
    if (tags?.length) invalidation.invalidate(tags);
  };
  // Events whose tags this process cleared at its commit: their delivery here only tells the
  // other processes, so a reader of this process is not sent past its kept answers a second
  // time at a moment that depends on the round's timing. Bounded: ids another process
  // delivered are never removed on delivery here.
  const clearedHere = new Set<number>();
  const CLEARED_HERE_MAX = 10_000;
  const tagsOnDelivery = (id: number, kind: string, payload: unknown) => {
    if (!clearedHere.delete(id) || !invalidation.announce) return clearTags(kind, payload);
    const tags = definitions.get(kind)?.tags?.(payload);
    if (tags?.length) invalidation.announce(tags);
  };

  type Delivery = Pick<store.OutboxRow, 'id' | 'kind' | 'created_at' | 'attempts' | 'next_attempt_at'> & { payload: string | { parsed: unknown } };

  async function deliverOne(row: Delivery, now: Date): Promise<boolean> {
    try {
      const definition = definitions.get(row.kind);
      // A kind this version does not know (an older or newer process wrote it) waits for one that does.
      if (!definition) throw new Error(`no definition for the event kind ${row.kind}`);
      const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload.parsed;
      tagsOnDelivery(row.id, row.kind, payload);
      await definition.deliver?.(payload, { id: row.id, kind: row.kind, createdAt: row.created_at });
      await store.markDelivered(db, row.id, clock().toISOString());
      return true;
    } catch (err) {
      const parked = row.attempts >= MAX_ATTEMPTS;
      const next = parked ? store.PARKED : new Date(now.getTime() + backoffMs(row.attempts)).toISOString();
      log[parked ? 'error' : 'warn']({ err, eventId: row.id, kind: row.kind, attempts: row.attempts }, parked ? 'an outbox event failed every try' : 'delivering an outbox event failed');
      await store.markFailed(db, row, err instanceof Error ? err.message : String(err), next).catch((markErr: unknown) =>
        // The claim then runs out and the event is tried again: nothing is lost.
        log.error({ err: markErr, eventId: row.id }, 'recording an outbox failure failed'),
      );
      return false;
    }
  }

  async function deliverDue(now = clock()) {
    const tally = { delivered: 0, failed: 0 };
    for (;;) {
      const claimed = await store.claimDue(db, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString(), BATCH);
      // One after another: a round is small, and a mail server prefers it.
      for (const row of claimed) {
        if (await deliverOne(row, now)) tally.delivered++;
        else tally.failed++;
      }
      if (claimed.length < BATCH) return tally;
    }
  }

  function nudge() {
    if (closed) return;
    if (round) {
      again = true;
      return;
    }
    again = false;
    // Started on a fresh tick, not inside the writer's call: the round is the outbox's own work
    // whichever write nudged it, and its queries never run on the writer's stack.
    round = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliverDue())
      .catch((err: unknown) => log.error({ err }, 'an outbox round failed'))
      .finally(() => {
        round = null;
        if (again) nudge();
      });
  }

  /** A prompt event's delivery by its writer, under the claim it was written with. */
  function deliverPrompt(event: Emitted): Promise<boolean> {
    const claim = event.claim as NonNullable<Emitted['claim']>;
    return deliverOne({ id: event.id, kind: event.kind, payload: { parsed: event.payload }, created_at: claim.createdAt, attempts: 0, next_attempt_at: claim.until }, clock());
  }

  function committed(events: Emitted[]): Emitted[] {
    if (events.length) faultPoint('outbox-after-commit');
    for (const event of events) {
      clearTags(event.kind, event.payload);
      clearedHere.add(event.id);
    }
    for (const id of clearedHere) {
      if (clearedHere.size <= CLEARED_HERE_MAX) break;
      clearedHere.delete(id);
    }
    if (events.some((e) => !e.claim)) nudge();
    return events.filter((e) => e.claim);
  }

  // Prompt deliveries started in the background, awaited like rounds before the outbox closes.
  const prompting = new Set<Promise<boolean>>();

  async function idle() {
    while (round || prompting.size) await (round ?? Promise.all(prompting));
  }

  return {
    define<P>(kind: string, definition: EventDefinition<P>): EventKind<P> {
      if (definitions.has(kind)) throw new Error(`the event kind ${kind} is defined twice`);
      definitions.set(kind, definition as EventDefinition<unknown>);
      return {
        kind,
        async emit(writer, payload) {
          const now = clock();
          const createdAt = now.toISOString();
          if (!definition.prompt) return { kind, id: await store.insertEvent(writer, kind, payload, createdAt), payload };
          const until = new Date(now.getTime() + CLAIM_MS).toISOString();
          return { kind, id: await store.insertEvent(writer, kind, payload, createdAt, until), payload, claim: { createdAt, until } };
        },
      };
    },
    afterCommit(...events) {
      for (const event of committed(events)) {
        const delivery = deliverPrompt(event).finally(() => prompting.delete(delivery));
        prompting.add(delivery);
      }
    },
    async settle(...events) {
      for (const event of committed(events)) await deliverPrompt(event);
    },
    nudge,
    deliverDue,
    async drain(now) {
      for (;;) {
        await idle();
        const { delivered, failed } = await deliverDue(now);
        if (delivered + failed === 0 && !round) return;
      }
    },
    purge: (before) => store.purgeDelivered(db, before.toISOString()),
    status: () => store.statusByKind(db),
    async close() {
      closed = true;
      await idle();
    },
  };
}
