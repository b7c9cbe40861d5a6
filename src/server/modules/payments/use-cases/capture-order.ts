import type { Language } from '../../../../common/languages';
import type { CaptureOrderAnswer, CaptureOrderInput } from '../../../../common/schemas/payments';
import type { SessionUser } from '../../../../common/schemas/session';
import { badRequest, conflict, notFound } from '../../../errors';
import { faultPoint } from '../../../lib/faults';
import { t } from '../../../i18n';
import { moveOrder, OPEN } from '../order-state';
import { captureRequestId, ProviderUnavailable, type ProviderOrderState } from '../providers/provider';
import * as repo from '../repo';
import { completeOrder, failOrder } from './complete-order';
import { amountMatches, featuredOf, paymentError, requireOwnOrder, type OrderRow, type PaymentContext } from './context';

/** The answer for the order as it stands now (after someone, maybe another process, moved it). */
export async function answerFor(ctx: PaymentContext, orderId: string, lang: Language): Promise<CaptureOrderAnswer> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound('orderNotFound');
  switch (order.status) {
    case 'completed':
      // The same however often the buyer asks.
      return { success: true, status: 'completed', message: t(lang, 'paymentCompleted'), featuredUntil: await featuredOf(ctx, order) };
    case 'pending':
    case 'capturing':
      return { success: true, status: 'pending', message: t(lang, 'paymentPending'), featuredUntil: await featuredOf(ctx, order) };
    case 'failed':
      throw paymentError(402, 'paymentCaptureFailed');
    case 'created':
      throw conflict('paymentNotApproved');
    default:
      throw conflict('paymentOrderClosed');
  }
}

/** Acts on what the provider says about an order; throws the buyer's error for the outcomes that are one. */
export async function applyState(ctx: PaymentContext, order: OrderRow, state: ProviderOrderState, lang: Language): Promise<CaptureOrderAnswer> {
  const { db, iso, log } = ctx;
  switch (state.state) {
    case 'completed': {
      if (!amountMatches(order, state.amount)) {
        log.error({ orderId: order.id, amount: state.amount }, 'the provider captured another amount than the order');
        await failOrder(ctx, order, 'AMOUNT_MISMATCH');
        throw paymentError(402, 'paymentCaptureFailed');
      }
      await completeOrder(ctx, order.id, state.captureId);
      return answerFor(ctx, order.id, lang);
    }
    case 'pending':
      if (state.amount && !amountMatches(order, state.amount)) {
        await failOrder(ctx, order, 'AMOUNT_MISMATCH');
        throw paymentError(402, 'paymentCaptureFailed');
      }
      await moveOrder(db, order.id, ['created', 'capturing'], 'pending', { capture_id: state.captureId, updated_at: iso() });
      return answerFor(ctx, order.id, lang);
    case 'declined':
      await failOrder(ctx, order, state.reason);
      return answerFor(ctx, order.id, lang);
    case 'created':
      // Captured before the buyer approved: back to waiting for the approval (or expiry).
      await moveOrder(db, order.id, ['capturing'], 'created', { updated_at: iso() });
      throw conflict('paymentNotApproved');
    case 'approved':
      // Only a lookup answers this (a capture takes approved orders); capture it now.
      return captureAtProvider(ctx, order, lang);
    case 'voided':
      await moveOrder(db, order.id, OPEN, 'cancelled', { failure: 'VOIDED', updated_at: iso() });
      throw conflict('paymentOrderClosed');
    case 'unknown':
      await failOrder(ctx, order, 'UNKNOWN_AT_PROVIDER');
      throw paymentError(402, 'paymentCaptureFailed');
  }
}

/**
 * Captures at the provider. The order is `capturing` (committed) before the provider is
 * called, so a process that dies in between leaves a trace the reconciler follows; the
 * capture's request id is the same every time, so the provider charges once.
 */
async function captureAtProvider(ctx: PaymentContext, order: OrderRow, lang: Language): Promise<CaptureOrderAnswer> {
  const { provider } = ctx;
  if (!provider || provider.name !== order.provider) throw paymentError(503, 'paymentUnavailable');
  if (!order.provider_order_id) throw conflict('paymentNotApproved');
  await moveOrder(ctx.db, order.id, ['created', 'pending'], 'capturing', { updated_at: ctx.iso() });
  faultPoint('payment-before-capture');
  let state: ProviderOrderState;
  try {
    state = await provider.capture(order.provider_order_id, captureRequestId(order.id));
    ctx.metrics?.count('paymentCaptures', { outcome: state.state });
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    // Left `capturing`: the reconciler asks the provider again later.
    ctx.log.error({ err, orderId: order.id }, 'the payment provider did not answer the capture');
    throw paymentError(502, 'paymentProviderError');
  }
  faultPoint('payment-after-capture');
  return applyState(ctx, order, state, lang);
}

/** Settles an order: completed and closed ones answer as they are, open ones ask the provider. */
export async function settle(ctx: PaymentContext, order: OrderRow, lang: Language): Promise<CaptureOrderAnswer> {
  const { provider } = ctx;
  if (!(OPEN as readonly string[]).includes(order.status)) return answerFor(ctx, order.id, lang);
  if (order.status !== 'pending') return captureAtProvider(ctx, order, lang);
  // A held capture: ask how it stands rather than capturing again.
  if (!provider || provider.name !== order.provider || !order.provider_order_id) throw paymentError(503, 'paymentUnavailable');
  let state: ProviderOrderState;
  try {
    state = await provider.getOrder(order.provider_order_id);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    return answerFor(ctx, order.id, lang);
  }
  return applyState(ctx, order, state, lang);
}

/** POST /api/payments/capture-order: the buyer finishes a purchase they approved at the provider. */
export async function captureOrder(ctx: PaymentContext, viewer: SessionUser, input: CaptureOrderInput, lang: Language): Promise<CaptureOrderAnswer> {
  const order = await requireOwnOrder(ctx, viewer, input.orderId);
  if (order.product_type !== input.productType) throw badRequest('paymentProductMismatch');
  return settle(ctx, order, lang);
}
