import { AppError } from '../../../errors';
import { moveOrder } from '../order-state';
import * as repo from '../repo';
import { applyState } from './capture-order';
import { languageOf, type OrderRow, type PaymentContext } from './context';

/** A `created` order the buyer has not approved in this time is given up. */
export const ORDER_EXPIRY_MS = 3 * 60 * 60 * 1000;
/** Orders the reconciler looks at per run; the rest wait for the next run. */
const RECONCILE_BATCH = 100;

/**
 * One look at an open order for the reconciler: completes what the provider captured,
 * captures what the buyer approved (with the same request id as every other attempt) and
 * expires what was never approved in time.
 */
async function reconcileOrder(ctx: PaymentContext, order: OrderRow): Promise<void> {
  const { db, provider, iso } = ctx;
  const lang = languageOf(order);
  const stale = ctx.now().getTime() - Date.parse(order.created_at) >= ORDER_EXPIRY_MS;
  const expire = () => moveOrder(db, order.id, ['created', 'capturing'], 'expired', { failure: 'EXPIRED', updated_at: iso() });
  if (!provider || provider.name !== order.provider || !order.provider_order_id) {
    if (stale && order.status !== 'pending') await expire();
    return;
  }
  const state = await provider.getOrder(order.provider_order_id);
  // PayPal forgets orders nobody approved after a while: for a created one that is no failure.
  if (state.state === 'created' || (state.state === 'unknown' && order.status === 'created')) {
    if (stale) await expire();
    // A capture that never reached the provider: the order waits for its approval again.
    else await moveOrder(db, order.id, ['capturing'], 'created', { updated_at: iso() });
    return;
  }
  try {
    await applyState(ctx, order, state, lang);
  } catch (err) {
    // The buyer's errors (declined, voided) are outcomes here, already written to the order.
    if (!(err instanceof AppError)) throw err;
  }
}

/** One run of the reconciler over the open orders; answers how many it looked at. */
export async function reconcile(ctx: PaymentContext): Promise<{ checked: number; failed: number }> {
  const orders = await repo.openOrders(ctx.db, RECONCILE_BATCH);
  let failed = 0;
  for (const order of orders) {
    try {
      await reconcileOrder(ctx, order);
    } catch (err) {
      failed++;
      ctx.log.error({ err, orderId: order.id }, 'reconciling a payment order failed');
    }
  }
  return { checked: orders.length, failed };
}
