import { randomUUID } from 'node:crypto';
import type { Language } from '../../../../common/languages';
import { pathTo } from '../../../../common/routes';
import {
  featuredProductFor,
  isPromotionProduct,
  ORDERS_PER_HOUR,
  type CreateOrderAnswer,
  type CreateOrderInput,
  type ProductType,
} from '../../../../common/schemas/payments';
import type { SessionUser } from '../../../../common/schemas/session';
import { badRequest, forbidden, notFound } from '../../../errors';
import { t } from '../../../i18n';
import { consume } from '../../../lib/rate-limit/index';
import { moveOrder } from '../order-state';
import * as repo from '../repo';
import { paymentError, type OrderRow, type PaymentContext } from './context';

export const ORDER_LIMIT = { name: 'paymentOrders', max: ORDERS_PER_HOUR, windowMs: 60 * 60 * 1000 };

/** What the buyer sees at the provider, in the order's language. */
const ITEM_KEYS: Record<ProductType, string> = {
  featured_artist: 'paymentItemFeatured',
  featured_studio: 'paymentItemFeatured',
  instagram_feed_post: 'paymentItemFeedPost',
  instagram_story: 'paymentItemStory',
  instagram_reel: 'paymentItemReel',
};

/**
 * POST /api/payments/create-order: checks what may be bought, writes our order (price copied
 * from the catalogue) and only then asks the provider, so no order exists there that we do not
 * know.
 */
export async function createOrder(ctx: PaymentContext, viewer: SessionUser, input: CreateOrderInput, lang: Language): Promise<CreateOrderAnswer> {
  const { db, provider, credits, iso, log } = ctx;
  if (!provider) throw paymentError(503, 'paymentUnavailable');
  const product = await repo.findProduct(db, input.productType);
  if (!product) throw badRequest('productUnknown');
  if (!isPromotionProduct(product.productType) && product.productType !== featuredProductFor(viewer.userType)) throw forbidden('paymentProductForbidden');
  if (input.postId !== undefined) {
    if (!isPromotionProduct(product.productType)) throw badRequest('paymentPostInvalid');
    if (!(await credits.findPromotablePost(db, viewer.id, input.postId))) throw notFound('paymentPostNotFound');
  }
  await consume(ctx.rateLimits, ORDER_LIMIT, [`user:${viewer.id}`]);

  const at = iso();
  const order: OrderRow = {
    id: randomUUID(),
    user_id: viewer.id,
    product_type: product.productType,
    amount_cents: product.amountCents,
    currency: product.currency,
    provider: provider.name,
    provider_order_id: null,
    capture_id: null,
    status: 'created',
    post_id: input.postId ?? null,
    return_path: input.returnPath ?? null,
    language: lang,
    failure: null,
    receipt_number: null,
    buyer_snapshot: null,
    seller_snapshot: null,
    created_at: at,
    updated_at: at,
    completed_at: null,
  };
  await repo.insertOrder(db, order);
  let providerOrderId: string;
  try {
    ({ providerOrderId } = await provider.createOrder({
      id: order.id,
      amountCents: order.amount_cents,
      currency: order.currency,
      description: t(lang, ITEM_KEYS[product.productType]),
    }));
  } catch (err) {
    log.error({ err, orderId: order.id }, 'the payment provider did not create the order');
    await moveOrder(db, order.id, ['created'], 'failed', { failure: (err as Error).name || 'CREATE_FAILED', updated_at: iso() });
    throw paymentError(502, 'paymentOrderFailed');
  }
  await repo.setProviderOrderId(db, order.id, providerOrderId, iso());
  return {
    success: true,
    orderId: order.id,
    providerOrderId,
    ...(provider.name === 'test' ? { approveUrl: pathTo('checkoutTest', { orderId: order.id }, lang) } : {}),
    message: t(lang, 'paymentOrderCreated'),
  };
}
