import { z } from 'zod';
import { badRequest, notFound } from '../../../errors';
import { ProviderUnavailable, type WebhookDelivery } from '../providers/provider';
import * as repo from '../repo';
import { completeOrder, failOrder } from './complete-order';
import { amountMatches, paymentError, type OrderRow, type PaymentContext } from './context';

/** The webhook events we act on; everything else is acknowledged and recorded. */
// Ids and names as PayPal writes them (letters, digits, dots, dashes), so nothing odd reaches the database.
const token = z.string().regex(/^[\w.-]{1,200}$/);
const webhookEventSchema = z.object({
  id: token,
  event_type: token,
  resource: z
    .object({
      id: z.string().max(200).optional(),
      custom_id: z.string().max(200).optional(),
      amount: z.object({ value: z.string().max(50), currency_code: z.string().max(10) }).optional(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(200).optional() }).optional() }).optional(),
    })
    .loose()
    .optional(),
});
type WebhookEvent = z.infer<typeof webhookEventSchema>;

async function findWebhookOrder(ctx: PaymentContext, resource: WebhookEvent['resource']): Promise<OrderRow | undefined> {
  const custom = resource?.custom_id;
  if (custom && z.uuid().safeParse(custom).success) {
    const order = await repo.findOrder(ctx.db, custom);
    if (order) return order;
  }
  const providerOrderId = resource?.supplementary_data?.related_ids?.order_id;
  return providerOrderId ? repo.findByProviderOrderId(ctx.db, providerOrderId) : undefined;
}

/**
 * POST /api/payments/webhook/paypal: nothing is read from the event before PayPal confirmed
 * it sent it. A completed capture completes the order, a denied one fails it; each event id
 * is handled once (a redelivery changes nothing either way: the transitions are guarded).
 */
export async function webhook(ctx: PaymentContext, delivery: WebhookDelivery): Promise<{ success: true }> {
  const { db, provider, log } = ctx;
  if (!provider?.verifyWebhook) throw notFound();
  // Only read here, not acted on: a body that is no event is refused without asking PayPal.
  let parsed: WebhookEvent;
  try {
    parsed = webhookEventSchema.parse(JSON.parse(delivery.rawBody));
  } catch {
    throw badRequest('paymentWebhookInvalid');
  }
  let verified: boolean;
  try {
    verified = await provider.verifyWebhook(delivery);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    log.error({ err }, 'PayPal did not answer the webhook verification');
    // PayPal delivers again later.
    throw paymentError(502, 'paymentProviderError');
  }
  if (!verified) throw badRequest('paymentWebhookInvalid');
  if (await repo.webhookEventSeen(db, parsed.id)) return { success: true };
  if (parsed.event_type === 'PAYMENT.CAPTURE.COMPLETED' || parsed.event_type === 'PAYMENT.CAPTURE.DENIED') {
    const order = await findWebhookOrder(ctx, parsed.resource);
    if (!order) log.warn({ eventId: parsed.id }, 'a PayPal webhook names no order of ours');
    else if (parsed.event_type === 'PAYMENT.CAPTURE.DENIED') await failOrder(ctx, order, 'DENIED');
    else {
      const amount = parsed.resource?.amount ? { value: parsed.resource.amount.value, currency: parsed.resource.amount.currency_code } : null;
      if (!amountMatches(order, amount)) {
        log.error({ orderId: order.id, amount }, 'a PayPal webhook reports another amount than the order');
        await failOrder(ctx, order, 'AMOUNT_MISMATCH');
      } else await completeOrder(ctx, order.id, parsed.resource?.id ?? order.capture_id ?? '');
    }
  }
  await repo.recordWebhookEvent(db, parsed.id, parsed.event_type, ctx.iso());
  return { success: true };
}
