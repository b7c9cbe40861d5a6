import { PROMOTION_PRODUCTS, type PromotionProduct } from '../../../common/schemas/payments';
import { conflict } from '../../errors';
import * as repo from './repo';

/**
 * Promotion credits: one row per user and kind, changed only by increments and guarded
 * decrements, never by writing back a count read earlier, so parallel purchases and spends
 * add up. Payments calls these inside its completion transaction; the posts service calls them
 * when an owner spends a credit on a planned post.
 */

type Executor = repo.Conn;

/** Adds `count` credits of a kind (a purchase, or a credit coming back). */
export async function grantCredit(trx: Executor, userId: number, productType: PromotionProduct, count = 1): Promise<void> {
  await repo.incrementCredits(trx, userId, productType, count);
}

/** Every kind's balance, zero for the kinds the user never had. */
export async function creditBalances(db: Executor, userId: number): Promise<Record<PromotionProduct, number>> {
  const rows = await repo.findCredits(db, userId);
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
  if (!(await repo.takeCredit(trx, input.userId, input.productType))) throw conflict('promotionNoCredit');
  const filed = await repo.insertPromotionRequest(trx, {
    postId: input.postId,
    userId: input.userId,
    productType: input.productType,
    orderId: input.orderId ?? null,
    now: new Date().toISOString(),
  });
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
  return repo.findPlannedPost(db, userId, postId);
}
