import type { Kysely, Transaction } from 'kysely';
import type { PaymentsQuery } from '../../../common/schemas/admin-money';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** The catalogue and the payment ledger as the admin area reads and changes them. */
type Conn = Kysely<Database> | Transaction<Database>;

export interface ProductRow {
  product_type: string;
  amount_cents: number;
  currency: string;
  updated_at: string;
}

export function listCatalogue(db: Db): Promise<ProductRow[]> {
  return db.selectFrom('products').select(['product_type', 'amount_cents', 'currency', 'updated_at']).execute();
}

export function findCatalogueEntry(conn: Conn, productType: string): Promise<ProductRow | undefined> {
  return conn.selectFrom('products').select(['product_type', 'amount_cents', 'currency', 'updated_at']).where('product_type', '=', productType).executeTakeFirst();
}

/** Sets the price; orders created from now on copy it. */
export async function setPrice(trx: Transaction<Database>, productType: string, amountCents: number, now: string): Promise<void> {
  await trx.updateTable('products').set({ amount_cents: amountCents, updated_at: now }).where('product_type', '=', productType).execute();
}

export interface LedgerDbRow {
  id: string;
  product_type: string;
  amount_cents: number;
  currency: string;
  status: string;
  provider: string;
  provider_order_id: string | null;
  receipt_number: string | null;
  created_at: string;
  completed_at: string | null;
  user_id: number | null;
  username: string | null;
  name: string | null;
}

const DAY_MS = 86_400_000;

/**
 * One page of every order, newest first, after the cursor's row. `from`/`to` are whole UTC days
 * of the order's creation; `q` matches the buyer's username, name or email, the order id or the
 * receipt number, ignoring case.
 */
export function listLedger(db: Db, filters: Omit<PaymentsQuery, 'cursor'>, after: { createdAt: string; id: string } | undefined, limit: number): Promise<LedgerDbRow[]> {
  let q = db
    .selectFrom('payment_orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id', 'o.product_type', 'o.amount_cents', 'o.currency', 'o.status', 'o.provider', 'o.provider_order_id', 'o.receipt_number',
      'o.created_at', 'o.completed_at', 'o.user_id', 'u.username', 'u.name',
    ]);
  if (filters.status) q = q.where('o.status', '=', filters.status);
  if (filters.productType) q = q.where('o.product_type', '=', filters.productType);
  if (filters.from) q = q.where('o.created_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) q = q.where('o.created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + DAY_MS).toISOString());
  if (filters.q) {
    // A % or _ typed into the search acts as a wildcard: harmless in an admin's search, and the
    // two engines escape LIKE differently.
    const like = `%${filters.q.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or(
        (['u.username', 'u.name', 'u.email', 'o.id', 'o.receipt_number'] as const).map((col) => eb(eb.fn('lower', [col]), 'like', eb.val(like))),
      ),
    );
  }
  if (after) {
    q = q.where((eb) => eb.or([eb('o.created_at', '<', after.createdAt), eb.and([eb('o.created_at', '=', after.createdAt), eb('o.id', '<', after.id)])]));
  }
  return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}
