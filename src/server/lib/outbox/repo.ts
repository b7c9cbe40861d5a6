import type { Kysely, Selectable, Transaction } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, OutboxEventsTable } from '../../db/schema';

export type OutboxRow = Selectable<OutboxEventsTable>;

/** Where an event is written: the write's own transaction, or the database for a write of one statement. */
export type Writer = Kysely<Database> | Transaction<Database>;

/** A parked event's next attempt: never, until someone resets it. */
export const PARKED = '9999-12-31T23:59:59.999Z';

/** Writes an event due at `nextAttemptAt`: now, or later for an event its writer delivers itself (claimed until then). */
export async function insertEvent(db: Writer, kind: string, payload: unknown, now: string, nextAttemptAt = now): Promise<number> {
  const row = await db
    .insertInto('outbox_events')
    .values({ kind, payload: JSON.stringify(payload), created_at: now, next_attempt_at: nextAttemptAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due events until `claimUntil` in one statement: the claim is the moved
 * `next_attempt_at`, so a worker elsewhere neither sees them due nor (on PostgreSQL, where rows
 * another worker is claiming are skipped rather than waited for) takes the same row.
 */
export async function claimDue(db: Db, now: string, claimUntil: string, limit: number): Promise<OutboxRow[]> {
  const postgres = isPostgresDb(db);
  return db
    .updateTable('outbox_events')
    .set((eb) => ({ next_attempt_at: claimUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('outbox_events')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .where('delivered_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
}

export async function markDelivered(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('outbox_events').set({ delivered_at: now, last_error: null }).where('id', '=', id).where('delivered_at', 'is', null).execute();
}

/** Sets the next try after a failure, unless the claim has passed to another worker meanwhile. */
export async function markFailed(db: Db, row: Pick<OutboxRow, 'id' | 'next_attempt_at'>, error: string, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable('outbox_events')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt })
    .where('id', '=', row.id)
    .where('next_attempt_at', '=', row.next_attempt_at)
    .where('delivered_at', 'is', null)
    .execute();
}

export async function purgeDelivered(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('outbox_events').where('delivered_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface KindStatus {
  kind: string;
  /** Waiting for their first try, or claimed by a worker now. */
  pending: number;
  /** Failed at least once and due to be tried again. */
  retrying: number;
  /** Failed every try: parked until someone looks. */
  failed: number;
  /** The oldest undelivered event's creation. */
  oldest: string | null;
}

/** The undelivered events per kind. */
export async function statusByKind(db: Db): Promise<KindStatus[]> {
  const rows = await db
    .selectFrom('outbox_events')
    .select(['kind', 'last_error', 'next_attempt_at', 'created_at'])
    .where('delivered_at', 'is', null)
    .execute();
  const byKind = new Map<string, KindStatus>();
  for (const row of rows) {
    const status = byKind.get(row.kind) ?? { kind: row.kind, pending: 0, retrying: 0, failed: 0, oldest: null };
    if (row.next_attempt_at === PARKED) status.failed++;
    else if (row.last_error !== null) status.retrying++;
    else status.pending++;
    if (status.oldest === null || row.created_at < status.oldest) status.oldest = row.created_at;
    byKind.set(row.kind, status);
  }
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
