import { faultPoint } from '../../../lib/faults';
import type { Emitted } from '../../../lib/outbox/index';
import { applyEntitlement } from '../entitlements';
import { COMPLETABLE, moveOrder, OPEN } from '../order-state';
import { assignReceipt } from '../receipts';
import * as repo from '../repo';
import type { OrderRow, PaymentContext } from './context';

/**
 * Completes an order the provider captured: status, entitlement and receipt number in one
 * transaction, guarded by the status, so a repeated capture, a webhook and the reconciler
 * complete it once between them. Answers whether this call did it.
 */
export async function completeOrder(ctx: PaymentContext, orderId: string, captureId: string): Promise<boolean> {
  const { db, config, credits, log } = ctx;
  const completedAt = ctx.now();
  const at = completedAt.toISOString();
  const trx = await db.startTransaction().execute();
  let order: OrderRow | undefined;
  let unspent: unknown;
  let completion: Emitted | undefined;
  try {
    const moved = await moveOrder(trx, orderId, COMPLETABLE, 'completed', { capture_id: captureId, completed_at: at, updated_at: at });
    if (moved) {
      order = await repo.findOrder(trx, orderId);
      if (order) {
        ({ unspent } = await applyEntitlement(trx, order, { credits, now: completedAt }));
        await assignReceipt(trx, orderId, at, config.payments.invoice);
        completion = await ctx.completed?.event.emit(trx, { orderId, userId: order.user_id });
      }
    }
    await trx.commit().execute();
  } catch (err) {
    await trx.rollback().execute();
    throw err;
  }
  if (!order) return false;
  faultPoint('payment-after-complete');
  if (unspent) log.warn({ err: unspent, orderId }, 'the promotion bought for a post could not be spent on it; the credit stays with the buyer');
  // Its caches clear now; the receipt mail leaves after the answer, and a failed mail is retried,
  // never undoing the payment (events.ts).
  if (completion) ctx.completed?.outbox.afterCommit(completion);
  return true;
}

/** Fails an open order (declined, denied, another amount, unknown at the provider). */
export async function failOrder(ctx: PaymentContext, order: OrderRow, reason: string): Promise<void> {
  await moveOrder(ctx.db, order.id, OPEN, 'failed', { failure: reason.slice(0, 200), updated_at: ctx.iso() });
}
