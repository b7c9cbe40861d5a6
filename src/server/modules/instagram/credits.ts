import type { Transaction } from 'kysely';
import { PROMOTION_PRODUCTS, type PromotionProduct } from '../../../common/schemas/payments';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';

/**
 * Promotion credits: one row per user and kind, changed only by increments and guarded
 * decrements, never by writing back a count read earlier, so parallel purchases and spends
 * add up. Payments calls these inside its completion transaction; the posts service calls them
 * when an owner spends a credit on a planned post.
 */

type Executor = Transaction<Database> | Db;

/** Adds `count` credits of a kind (a purchase, or a credit coming back). */
export async function grantCredit(trx: Executor, userId: number, productType: PromotionProduct, count = 1): Promise<void> {
  await trx
    .insertInto('user_credits')
    .values({ user_id: userId, product_type: productType, count })
    .onConflict((oc) => oc.columns(['user_id', 'product_type']).doUpdateSet((eb) => ({ count: eb('user_credits.count', '+', count) })))
    .execute();
}

/** Every kind's balance, zero for the kinds the user never had. */
export async function creditBalances(db: Executor, userId: number): Promise<Record<PromotionProduct, number>> {
  const rows = await db.selectFrom('user_credits').select(['product_type', 'count']).where('user_id', '=', userId).execute();
  const balances = Object.fromEntries(PROMOTION_PRODUCTS.map((p) => [p, 0])) as Record<PromotionProduct, number>;
  for (const row of rows) {
    if ((PROMOTION_PRODUCTS as readonly string[]).includes(row.product_type)) balances[row.product_type as PromotionProduct] = row.count;
  }
  return balances;
}

export interface SpendInput {
  userId: number;
  postId: number;
  productType: PromotionProduct;
  /** The order that bought the credit when it is spent at purchase, else null. */
  orderId?: string | null;
}

/**
 * Spends one credit of the kind on a post and files the promotion request. The decrement is
 * guarded by `count > 0`, so parallel spends never take the balance below zero. A second
 * promotion of the same kind on the post is refused by the unique index; the credit just taken
 * is put back before the 409, so a caller that catches the error keeps a consistent balance.
 */
export async function spendOnPost(trx: Executor, input: SpendInput): Promise<void> {
  const spent = await trx
    .updateTable('user_credits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('user_id', '=', input.userId)
    .where('product_type', '=', input.productType)
    .where('count', '>', 0)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw conflict('promotionNoCredit');
  const filed = await trx
    .insertInto('post_promotions')
    .values({
      post_id: input.postId,
      user_id: input.userId,
      product_type: input.productType,
      status: 'requested',
      order_id: input.orderId ?? null,
      created_at: new Date().toISOString(),
      decided_at: null,
    })
    .onConflict((oc) => oc.columns(['post_id', 'product_type']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!filed) {
    await grantCredit(trx, input.userId, input.productType, 1);
    throw conflict('promotionExists');
  }
}

export interface PromotablePost {
  id: number;
  user_id: number;
  type: string;
  status: string;
}

/**
 * The user's own post when it is planned (a promotion is booked for a date), else undefined.
 * Inside a PostgreSQL transaction the row is locked, so the post cannot move or go while the
 * credit is spent on it.
 */
export async function findPromotablePost(db: Executor, userId: number, postId: number): Promise<PromotablePost | undefined> {
  let q = db
    .selectFrom('instagram_posts')
    .select(['id', 'user_id', 'type', 'status'])
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .where('status', '=', 'planned');
  if (db.isTransaction && isPostgresDb(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}
