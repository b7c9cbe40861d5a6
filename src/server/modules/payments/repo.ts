import type { Kysely, Selectable, Transaction } from 'kysely';
import { PAYMENT_HISTORY_PAGE, PRODUCT_TYPES, type ProductType } from '../../../common/schemas/payments';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, PaymentOrdersTable } from '../../db/schema';

/** Our orders (`payment_orders`), the catalogue, receipt numbers, and the few user and webhook rows the payment flow touches. */
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

/** Records the featured days an order bought; the order's unique index keeps it to one row. */
export async function insertFeaturedPeriod(trx: Conn, period: { userId: number; orderId: string; startsAt: string; endsAt: string; now: string }): Promise<void> {
  await trx
    .insertInto('featured_periods')
    .values({
      user_id: period.userId,
      source: 'purchase',
      order_id: period.orderId,
      admin_id: null,
      starts_at: period.startsAt,
      ends_at: period.endsAt,
      revoked_at: null,
      reason: null,
      created_at: period.now,
    })
    .execute();
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

/** One catalogue row: what a product costs now. An order copies it, so later changes never touch it. */
export interface CatalogueEntry {
  productType: ProductType;
  amountCents: number;
  currency: string;
}

const isProductType = (v: string): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v);

/** The whole catalogue in the order the products are listed everywhere (featured first). */
export async function listProducts(db: Db): Promise<CatalogueEntry[]> {
  const rows = await db.selectFrom('products').select(['product_type', 'amount_cents', 'currency']).execute();
  const entries = rows
    .filter((r) => isProductType(r.product_type))
    .map((r) => ({ productType: r.product_type as ProductType, amountCents: r.amount_cents, currency: r.currency }));
  return entries.sort((a, b) => PRODUCT_TYPES.indexOf(a.productType) - PRODUCT_TYPES.indexOf(b.productType));
}

export async function findProduct(db: Db, productType: ProductType): Promise<CatalogueEntry | undefined> {
  const row = await db.selectFrom('products').select(['product_type', 'amount_cents', 'currency']).where('product_type', '=', productType).executeTakeFirst();
  return row ? { productType, amountCents: row.amount_cents, currency: row.currency } : undefined;
}

export interface HistoryRow {
  id: string;
  product_type: string;
  amount_cents: number;
  provider: string;
  provider_order_id: string | null;
  status: string;
  created_at: string;
  completed_at: string | null;
}

/** One page of a user's orders in `statuses`, newest first, one row more than a page to tell whether more follow. */
export function listHistory(db: Db, userId: number, statuses: readonly string[], page: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'product_type', 'amount_cents', 'provider', 'provider_order_id', 'status', 'created_at', 'completed_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAYMENT_HISTORY_PAGE + 1)
    .offset((page - 1) * PAYMENT_HISTORY_PAGE)
    .execute();
}

/** The order's buyer and receipt number, locked on PostgreSQL until the completion commits. */
export async function lockReceiptOf(trx: Transaction<Database>, orderId: string): Promise<{ user_id: number | null; receipt_number: string | null } | undefined> {
  let read = trx.selectFrom('payment_orders').select(['user_id', 'receipt_number']).where('id', '=', orderId);
  if (isPostgresDb(trx)) read = read.forUpdate();
  return read.executeTakeFirst();
}

/**
 * The next number of the year's receipt counter. The first completion of a year makes its
 * row; when two race, the unique key keeps one and the other waits for it, then both
 * increment the same row one after the other under its row lock.
 */
export async function nextReceiptSequence(trx: Transaction<Database>, year: number): Promise<number> {
  await trx
    .insertInto('receipt_counters')
    .values({ year, last_number: 0 })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const counter = await trx
    .updateTable('receipt_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return counter.last_number;
}

export function findBuyer(trx: Transaction<Database>, userId: number) {
  return trx.selectFrom('users').select(['name', 'email', 'username']).where('id', '=', userId).executeTakeFirst();
}

/** Writes the receipt number with the buyer and seller as they were at completion (JSON). */
export async function setReceipt(trx: Transaction<Database>, orderId: string, receipt: { number: string; buyer: string; seller: string }): Promise<void> {
  await trx
    .updateTable('payment_orders')
    .set({ receipt_number: receipt.number, buyer_snapshot: receipt.buyer, seller_snapshot: receipt.seller })
    .where('id', '=', orderId)
    .execute();
}
