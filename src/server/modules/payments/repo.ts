import type { Kysely, Selectable } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, PaymentOrdersTable } from '../../db/schema';

/** Our orders (`payment_orders`) and the few user and webhook rows the payment flow touches. */
export type OrderRow = Selectable<PaymentOrdersTable>;
export type OrderStatus = 'created' | 'capturing' | 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired';

/** A database or a transaction on it. */
type Conn = Kysely<Database>;

export async function insertOrder(db: Db, row: OrderRow): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
}

export function findOrder(db: Conn, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByProviderOrderId(db: Conn, providerOrderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

export async function setProviderOrderId(db: Db, id: string, providerOrderId: string, now: string): Promise<void> {
  await db.updateTable('payment_orders').set({ provider_order_id: providerOrderId, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Moves an order from one of `from` to `to`, writing `fields` with it; true when this call
 * made the move. The status in the where clause is the guard: of any number of parallel
 * callers (requests, webhooks, reconcilers in other processes) exactly one moves it.
 */
export async function transition(
  db: Conn,
  id: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  fields: Partial<Pick<OrderRow, 'failure' | 'capture_id' | 'completed_at'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ ...fields, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders the reconciler asks the provider about, oldest first. */
export function openOrders(db: Db, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('status', 'in', ['created', 'capturing', 'pending'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function featuredUntilOf(db: Conn, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('featured_until').where('id', '=', userId).executeTakeFirst();
  return row?.featured_until ?? null;
}

/** The buyer's row, locked on PostgreSQL until the completion commits (SQLite serialises writers). */
export async function lockUser(trx: Conn, userId: number): Promise<{ id: number; featured_until: string | null } | undefined> {
  let query = trx.selectFrom('users').select(['id', 'featured_until']).where('id', '=', userId);
  if (isPostgresDb(trx as Db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setFeaturedUntil(trx: Conn, userId: number, featuredUntil: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ featured_until: featuredUntil, updated_at: now }).where('id', '=', userId).execute();
}

export async function webhookEventSeen(db: Db, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('payment_webhook_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst();
  return !!row;
}

/** Records a handled event; false when another delivery recorded it first. */
export async function recordWebhookEvent(db: Db, eventId: string, eventType: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_webhook_events')
    .values({ event_id: eventId, event_type: eventType, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return !!inserted;
}
