import type { ControlledTransaction, Transaction } from 'kysely';
import { FEATURED_DAYS } from '../../../common/constants';
import { isPromotionProduct, type PromotionProduct } from '../../../common/schemas/payments';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The promotion credits, owned by the planned-posts module and handed in by services.ts, so
 * payments never imports that module.
 */
export interface CreditsPort {
  grantCredit(trx: Transaction<Database>, userId: number, productType: PromotionProduct, count?: number): Promise<void>;
  creditBalances(db: Db, userId: number): Promise<Record<PromotionProduct, number>>;
  /** Spends one credit on the post and files its promotion request; throws when it cannot. */
  spendOnPost(trx: Transaction<Database>, input: { userId: number; postId: number; productType: PromotionProduct; orderId: string }): Promise<void>;
  /** The user's own planned post (locked inside a PostgreSQL transaction), else undefined. */
  findPromotablePost(db: Db | Transaction<Database>, userId: number, postId: number): Promise<{ id: number; status: string } | undefined>;
}

/** The featured package's promotions: one feed post and one story come with every purchase. */
export const FEATURED_CREDITS: readonly PromotionProduct[] = ['instagram_feed_post', 'instagram_story'];

/** Where an extension starts: the later of now and the current end. */
export function featuredStart(current: string | null, now: Date): string {
  return new Date(Math.max(now.getTime(), current ? Date.parse(current) || 0 : 0)).toISOString();
}

/** The new end of featured status: the later of now and the current end, plus the package's days. */
export function extendFeatured(current: string | null, now: Date): string {
  const from = Math.max(now.getTime(), current ? Date.parse(current) || 0 : 0);
  return new Date(from + FEATURED_DAYS * DAY_MS).toISOString();
}

/**
 * Applies what a completed order bought, inside the completion transaction (so it happens
 * exactly when the order moves to completed, and never twice). A promotion bought for a post is
 * spent on it at once; should that fail (the post was cancelled meanwhile, or already has this
 * promotion) the credit stays with the buyer to use elsewhere: the money was taken, so the
 * purchase must not be undone by it.
 */
export async function applyEntitlement(
  trx: ControlledTransaction<Database>,
  order: Pick<repo.OrderRow, 'id' | 'user_id' | 'product_type' | 'post_id'>,
  deps: { credits: CreditsPort; now: Date },
): Promise<{ unspent?: unknown }> {
  const userId = order.user_id;
  // The account was deleted before the money arrived: the receipt keeps the purchase, nothing to grant.
  if (userId === null) return {};
  if (order.product_type === 'featured_artist' || order.product_type === 'featured_studio') {
    const user = await repo.lockUser(trx, userId);
    if (!user) return {};
    const endsAt = extendFeatured(user.featured_until, deps.now);
    await repo.setFeaturedUntil(trx, userId, endsAt, deps.now.toISOString());
    // The admin area's history of who was featured when and why, written with the move it records.
    await repo.insertFeaturedPeriod(trx, { userId, orderId: order.id, startsAt: featuredStart(user.featured_until, deps.now), endsAt, now: deps.now.toISOString() });
    for (const kind of FEATURED_CREDITS) await deps.credits.grantCredit(trx, userId, kind, 1);
    return {};
  }
  if (!isPromotionProduct(order.product_type)) return {};
  // The post is looked at (and locked) before the credit row, in the order the posts module
  // takes them when it spends a credit, so the two never wait for each other in a circle.
  const post = order.post_id === null ? undefined : await deps.credits.findPromotablePost(trx, userId, order.post_id);
  await deps.credits.grantCredit(trx, userId, order.product_type, 1);
  if (order.post_id === null) return {};
  // Cancelled, published or deleted since the order was made: the credit waits for another post.
  if (!post) return { unspent: new Error(`post ${order.post_id} is no longer planned`) };
  const spending = await trx.savepoint('spend_on_post').execute();
  try {
    await deps.credits.spendOnPost(spending, { userId, postId: order.post_id, productType: order.product_type, orderId: order.id });
    await spending.releaseSavepoint('spend_on_post').execute();
    return {};
  } catch (err) {
    await spending.rollbackToSavepoint('spend_on_post').execute();
    // The caller logs it: support can spend the credit by hand if the buyer asks.
    return { unspent: err };
  }
}

