import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import {
  featuredProductFor,
  isPromotionProduct,
  ORDERS_PER_HOUR,
  type CaptureOrderAnswer,
  type CaptureOrderInput,
  type CreateOrderAnswer,
  type CreateOrderInput,
  type ProductType,
  type ProductsAnswer,
  type TestActionAnswer,
  type TestOrderAnswer,
} from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { consume } from '../../http/rate-limit';
import { t } from '../../i18n';
import { noInvalidation, tags } from '../../lib/answer-cache/index';
import { listProducts, findProduct } from './catalogue';
import { applyEntitlement, type CreditsPort } from './entitlements';
import { createPaypalProvider } from './providers/paypal';
import { captureRequestId, centsToValue, ProviderUnavailable, type PaymentProvider, type ProviderAmount, type ProviderOrderState, type WebhookDelivery } from './providers/provider';
import { createTestProvider, type TestDecision, type TestProvider } from './providers/test-provider';
import { assignReceipt } from './receipts';
import * as repo from './repo';

type OrderRow = repo.OrderRow;

/** Orders that completion may still take: open ones, and closed ones the provider says were paid after all. */
const COMPLETABLE = ['created', 'capturing', 'pending', 'expired', 'cancelled'] as const;
const OPEN = ['created', 'capturing', 'pending'] as const;
/** A `created` order the buyer has not approved in this time is given up. */
export const ORDER_EXPIRY_MS = 3 * 60 * 60 * 1000;
/** Orders the reconciler looks at per run; the rest wait for the next run. */
const RECONCILE_BATCH = 100;

export const ORDER_LIMIT = { name: 'paymentOrders', max: ORDERS_PER_HOUR, windowMs: 60 * 60 * 1000 };

/** What the buyer sees at the provider, in the order's language. */
const ITEM_KEYS: Record<ProductType, string> = {
  featured_artist: 'paymentItemFeatured',
  featured_studio: 'paymentItemFeatured',
  instagram_feed_post: 'paymentItemFeedPost',
  instagram_story: 'paymentItemStory',
  instagram_reel: 'paymentItemReel',
};

interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PaymentDeps extends Pick<AppContext, 'db' | 'config' | 'rateLimits'>, Partial<Pick<AppContext, 'invalidation'>> {
  credits: CreditsPort;
  /** After a completion committed: the receipt mail (services.ts defers it past the answer). */
  onCompleted?: (orderId: string) => void;
  /** The provider; made from the config when not given (tests pass their own). */
  provider?: PaymentProvider | null;
  /** The clock of every decision (featured end, expiry); tests fix it. */
  now?: () => Date;
  log?: Log;
  /** The fault switch's way out; process.exit unless a test catches it. */
  exit?: (code: number) => void;
}

export type PaymentService = ReturnType<typeof createPaymentService>;

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

function languageOf(order: Pick<OrderRow, 'language'>): Language {
  return isLanguage(order.language) ? order.language : DEFAULT_LANGUAGE;
}

/** A payment call's error: the error handler writes `{success: false, message, error}`. */
const paymentError = (status: number, code: string) => new AppError(status, code);

export function providerFromConfig(config: AppContext['config'], db: AppContext['db'], now: () => Date): PaymentProvider | null {
  const payments = config.payments;
  if (payments.provider === 'paypal' && payments.paypal) return createPaypalProvider(payments.paypal);
  if (payments.provider === 'test') return createTestProvider(db, now);
  return null;
}

export function createPaymentService(deps: PaymentDeps) {
  const { db, config, rateLimits, credits, invalidation = noInvalidation } = deps;
  const now = deps.now ?? (() => new Date());
  const iso = () => now().toISOString();
  const log: Log = deps.log ?? { error: () => undefined, warn: () => undefined };
  const provider = deps.provider === undefined ? providerFromConfig(config, db, now) : deps.provider;
  const testProvider = provider?.name === 'test' ? (provider as TestProvider) : null;
  const exit = deps.exit ?? ((code: number) => process.exit(code));

  const amountMatches = (order: OrderRow, amount: ProviderAmount | null) =>
    !!amount && amount.value === centsToValue(order.amount_cents) && amount.currency === order.currency;

  const featuredOf = (order: OrderRow) => (order.user_id === null ? Promise.resolve(null) : repo.featuredUntilOf(db, order.user_id));

  async function requireOwnOrder(viewer: SessionUser, orderId: string): Promise<OrderRow> {
    const order = await repo.findOrder(db, orderId);
    // Another's order is answered as a missing one: its existence is not the viewer's business.
    if (!order || order.user_id !== viewer.id) throw notFound('orderNotFound');
    return order;
  }

  /** The products with their prices; a logged-in user learns what they may buy and their credits. */
  async function products(viewer: SessionUser | null): Promise<ProductsAnswer> {
    const catalogue = await listProducts(db);
    const own = viewer ? featuredProductFor(viewer.userType) : null;
    const list = catalogue.map((p) => ({
      productType: p.productType,
      amountCents: p.amountCents,
      amount: p.amountCents / 100,
      currency: 'EUR' as const,
      ...(viewer ? { purchasable: provider !== null && (isPromotionProduct(p.productType) || p.productType === own) } : {}),
    }));
    return {
      success: true,
      products: list,
      ...(viewer ? { credits: await credits.creditBalances(db, viewer.id) } : {}),
      available: provider !== null,
      provider: provider?.name ?? null,
    };
  }

  /**
   * Starts a purchase: checks what may be bought, writes our order (price copied from the
   * catalogue) and only then asks the provider, so no order exists there that we do not know.
   */
  async function createOrder(
    viewer: SessionUser,
    input: CreateOrderInput,
    lang: Language,
  ): Promise<CreateOrderAnswer> {
    if (!provider) throw paymentError(503, 'paymentUnavailable');
    const product = await findProduct(db, input.productType);
    if (!product) throw badRequest('productUnknown');
    if (!isPromotionProduct(product.productType) && product.productType !== featuredProductFor(viewer.userType)) throw forbidden('paymentProductForbidden');
    if (input.postId !== undefined) {
      if (!isPromotionProduct(product.productType)) throw badRequest('paymentPostInvalid');
      if (!(await credits.findPromotablePost(db, viewer.id, input.postId))) throw notFound('paymentPostNotFound');
    }
    await consume(rateLimits, ORDER_LIMIT, [`user:${viewer.id}`]);

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
      await repo.transition(db, order.id, ['created'], 'failed', { failure: (err as Error).name || 'CREATE_FAILED', updated_at: iso() });
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

  /** What the buyer sees once an order is completed (the same however often they ask). */
  async function completedAnswer(order: OrderRow, lang: Language): Promise<CaptureOrderAnswer> {
    return { success: true, status: 'completed', message: t(lang, 'paymentCompleted'), featuredUntil: await featuredOf(order) };
  }

  /**
   * Completes an order the provider captured: status, entitlement and receipt number in one
   * transaction, guarded by the status, so a repeated capture, a webhook and the reconciler
   * complete it once between them. Answers whether this call did it.
   */
  async function complete(orderId: string, captureId: string): Promise<boolean> {
    const completedAt = now();
    const at = completedAt.toISOString();
    const trx = await db.startTransaction().execute();
    let order: OrderRow | undefined;
    let unspent: unknown;
    try {
      const moved = await repo.transition(trx, orderId, COMPLETABLE, 'completed', { capture_id: captureId, completed_at: at, updated_at: at });
      if (moved) {
        order = await repo.findOrder(trx, orderId);
        if (order) {
          ({ unspent } = await applyEntitlement(trx, order, { credits, now: completedAt }));
          await assignReceipt(trx, orderId, at, config.payments.invoice);
        }
      }
      await trx.commit().execute();
    } catch (err) {
      await trx.rollback().execute();
      throw err;
    }
    if (!order) return false;
    if (unspent) log.warn({ err: unspent, orderId }, 'the promotion bought for a post could not be spent on it; the credit stays with the buyer');
    if (order.user_id !== null) {
      // The buyer's session and cards carry featuredUntil; the featured lists and the listings order by it.
      invalidation.invalidate([tags.user(order.user_id), tags.profile(order.user_id), tags.featured, tags.artists, tags.listings('guest-spots'), tags.listings('availabilities')]);
    }
    deps.onCompleted?.(orderId);
    return true;
  }

  async function fail(order: OrderRow, reason: string): Promise<void> {
    await repo.transition(db, order.id, OPEN, 'failed', { failure: reason.slice(0, 200), updated_at: iso() });
  }

  /** Acts on what the provider says about an order; throws the buyer's error for the outcomes that are one. */
  async function applyState(order: OrderRow, state: ProviderOrderState, lang: Language): Promise<CaptureOrderAnswer> {
    switch (state.state) {
      case 'completed': {
        if (!amountMatches(order, state.amount)) {
          log.error({ orderId: order.id, amount: state.amount }, 'the provider captured another amount than the order');
          await fail(order, 'AMOUNT_MISMATCH');
          throw paymentError(402, 'paymentCaptureFailed');
        }
        await complete(order.id, state.captureId);
        return answerFor(order.id, lang);
      }
      case 'pending':
        if (state.amount && !amountMatches(order, state.amount)) {
          await fail(order, 'AMOUNT_MISMATCH');
          throw paymentError(402, 'paymentCaptureFailed');
        }
        await repo.transition(db, order.id, ['created', 'capturing'], 'pending', { capture_id: state.captureId, updated_at: iso() });
        return answerFor(order.id, lang);
      case 'declined':
        await fail(order, state.reason);
        return answerFor(order.id, lang);
      case 'created':
        // Captured before the buyer approved: back to waiting for the approval (or expiry).
        await repo.transition(db, order.id, ['capturing'], 'created', { updated_at: iso() });
        throw conflict('paymentNotApproved');
      case 'approved':
        // Only a lookup answers this (a capture takes approved orders); capture it now.
        return captureAtProvider(order, lang);
      case 'voided':
        await repo.transition(db, order.id, OPEN, 'cancelled', { failure: 'VOIDED', updated_at: iso() });
        throw conflict('paymentOrderClosed');
      case 'unknown':
        await fail(order, 'UNKNOWN_AT_PROVIDER');
        throw paymentError(402, 'paymentCaptureFailed');
    }
  }

  /** The answer for the order as it stands now (after someone, maybe another process, moved it). */
  async function answerFor(orderId: string, lang: Language): Promise<CaptureOrderAnswer> {
    const order = await repo.findOrder(db, orderId);
    if (!order) throw notFound('orderNotFound');
    switch (order.status) {
      case 'completed':
        return completedAnswer(order, lang);
      case 'pending':
      case 'capturing':
        return { success: true, status: 'pending', message: t(lang, 'paymentPending'), featuredUntil: await featuredOf(order) };
      case 'failed':
        throw paymentError(402, 'paymentCaptureFailed');
      case 'created':
        throw conflict('paymentNotApproved');
      default:
        throw conflict('paymentOrderClosed');
    }
  }

  /**
   * Captures at the provider. The order is `capturing` (committed) before the provider is
   * called, so a process that dies in between leaves a trace the reconciler follows; the
   * capture's request id is the same every time, so the provider charges once.
   */
  async function captureAtProvider(order: OrderRow, lang: Language): Promise<CaptureOrderAnswer> {
    if (!provider || provider.name !== order.provider) throw paymentError(503, 'paymentUnavailable');
    if (!order.provider_order_id) throw conflict('paymentNotApproved');
    await repo.transition(db, order.id, ['created', 'pending'], 'capturing', { updated_at: iso() });
    let state: ProviderOrderState;
    try {
      state = await provider.capture(order.provider_order_id, captureRequestId(order.id));
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      // Left `capturing`: the reconciler asks the provider again later.
      log.error({ err, orderId: order.id }, 'the payment provider did not answer the capture');
      throw paymentError(502, 'paymentProviderError');
    }
    if (config.payments.faultAfterCapture) exit(1);
    return applyState(order, state, lang);
  }

  /** Settles an order: completed and closed ones answer as they are, open ones ask the provider. */
  async function settle(order: OrderRow, lang: Language): Promise<CaptureOrderAnswer> {
    if (!(OPEN as readonly string[]).includes(order.status)) return answerFor(order.id, lang);
    if (order.status !== 'pending') return captureAtProvider(order, lang);
    // A held capture: ask how it stands rather than capturing again.
    if (!provider || provider.name !== order.provider || !order.provider_order_id) throw paymentError(503, 'paymentUnavailable');
    let state: ProviderOrderState;
    try {
      state = await provider.getOrder(order.provider_order_id);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      return answerFor(order.id, lang);
    }
    return applyState(order, state, lang);
  }

  /** POST /api/payments/capture-order: the buyer finishes a purchase they approved at the provider. */
  async function capture(viewer: SessionUser, input: CaptureOrderInput, lang: Language): Promise<CaptureOrderAnswer> {
    const order = await requireOwnOrder(viewer, input.orderId);
    if (order.product_type !== input.productType) throw badRequest('paymentProductMismatch');
    return settle(order, lang);
  }

  async function requireTestOrder(viewer: SessionUser, orderId: string) {
    // With another provider this page does not exist.
    if (!testProvider) throw notFound('orderNotFound');
    const order = await requireOwnOrder(viewer, orderId);
    const atProvider = order.provider === 'test' && order.provider_order_id ? await testProvider.find(order.provider_order_id) : undefined;
    if (!atProvider) throw notFound('orderNotFound');
    return { order, atProvider, testProvider };
  }

  /** GET /api/payments/test-provider/orders/{orderId}: what the test approval page shows. */
  async function testOrder(viewer: SessionUser, orderId: string): Promise<TestOrderAnswer> {
    const { order, atProvider } = await requireTestOrder(viewer, orderId);
    return {
      success: true,
      order: {
        id: order.id,
        productType: order.product_type as ProductType,
        amountCents: order.amount_cents,
        currency: 'EUR',
        buyer: { name: viewer.name, username: viewer.username },
        status: atProvider.status,
      },
    };
  }

  function returnTo(order: OrderRow, result: 'success' | 'error' | null): string {
    const target = order.return_path ?? pathTo('dashboard', {}, languageOf(order));
    if (!result) return target;
    const [path, hash] = target.split('#', 2) as [string, string | undefined];
    return `${path}${path.includes('?') ? '&' : '?'}payment=${result}${hash === undefined ? '' : `#${hash}`}`;
  }

  /**
   * POST /api/payments/test-provider/orders/{orderId}: the buyer's decision on the test page,
   * then what a real provider's return would do: approve and decline go through the same
   * capture as PayPal's buttons, cancel leaves everything as it was.
   */
  async function testAction(viewer: SessionUser, orderId: string, action: TestDecision, lang: Language): Promise<TestActionAnswer> {
    const { order, testProvider: books } = await requireTestOrder(viewer, orderId);
    if (!(await books.decide(order.provider_order_id as string, action))) throw conflict('paymentDecided');
    if (action === 'cancel') {
      await repo.transition(db, order.id, OPEN, 'cancelled', { failure: 'CANCELLED_BY_BUYER', updated_at: iso() });
      return { success: true, status: 'cancelled', message: t(lang, 'paymentCancelled'), redirectTo: returnTo(order, null) };
    }
    try {
      const answer = await settle(order, lang);
      return { success: answer.success, status: answer.status, message: answer.message, redirectTo: returnTo(order, answer.status === 'failed' ? 'error' : 'success') };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { success: false, status: 'failed', message: t(lang, err.code), redirectTo: returnTo(order, 'error') };
    }
  }

  async function findWebhookOrder(resource: z.infer<typeof webhookEventSchema>['resource']): Promise<OrderRow | undefined> {
    const custom = resource?.custom_id;
    if (custom && z.uuid().safeParse(custom).success) {
      const order = await repo.findOrder(db, custom);
      if (order) return order;
    }
    const providerOrderId = resource?.supplementary_data?.related_ids?.order_id;
    return providerOrderId ? repo.findByProviderOrderId(db, providerOrderId) : undefined;
  }

  /**
   * POST /api/payments/webhook/paypal: nothing is read from the event before PayPal confirmed
   * it sent it. A completed capture completes the order, a denied one fails it; each event id
   * is handled once (a redelivery changes nothing either way: the transitions are guarded).
   */
  async function webhook(delivery: WebhookDelivery): Promise<{ success: true }> {
    if (!provider?.verifyWebhook) throw notFound();
    // Only read here, not acted on: a body that is no event is refused without asking PayPal.
    let parsed: z.infer<typeof webhookEventSchema>;
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
      const order = await findWebhookOrder(parsed.resource);
      if (!order) log.warn({ eventId: parsed.id }, 'a PayPal webhook names no order of ours');
      else if (parsed.event_type === 'PAYMENT.CAPTURE.DENIED') await fail(order, 'DENIED');
      else {
        const amount = parsed.resource?.amount ? { value: parsed.resource.amount.value, currency: parsed.resource.amount.currency_code } : null;
        if (!amountMatches(order, amount)) {
          log.error({ orderId: order.id, amount }, 'a PayPal webhook reports another amount than the order');
          await fail(order, 'AMOUNT_MISMATCH');
        } else await complete(order.id, parsed.resource?.id ?? order.capture_id ?? '');
      }
    }
    await repo.recordWebhookEvent(db, parsed.id, parsed.event_type, iso());
    return { success: true };
  }

  /**
   * One look at an open order for the reconciler: completes what the provider captured,
   * captures what the buyer approved (with the same request id as every other attempt) and
   * expires what was never approved in time.
   */
  async function reconcileOrder(order: OrderRow): Promise<void> {
    const lang = languageOf(order);
    const stale = now().getTime() - Date.parse(order.created_at) >= ORDER_EXPIRY_MS;
    const expire = () => repo.transition(db, order.id, ['created', 'capturing'], 'expired', { failure: 'EXPIRED', updated_at: iso() });
    if (!provider || provider.name !== order.provider || !order.provider_order_id) {
      if (stale && order.status !== 'pending') await expire();
      return;
    }
    const state = await provider.getOrder(order.provider_order_id);
    // PayPal forgets orders nobody approved after a while: for a created one that is no failure.
    if (state.state === 'created' || (state.state === 'unknown' && order.status === 'created')) {
      if (stale) await expire();
      // A capture that never reached the provider: the order waits for its approval again.
      else await repo.transition(db, order.id, ['capturing'], 'created', { updated_at: iso() });
      return;
    }
    try {
      await applyState(order, state, lang);
    } catch (err) {
      // The buyer's errors (declined, voided) are outcomes here, already written to the order.
      if (!(err instanceof AppError)) throw err;
    }
  }

  /** One run of the reconciler over the open orders; answers how many it looked at. */
  async function reconcile(): Promise<{ checked: number; failed: number }> {
    const orders = await repo.openOrders(db, RECONCILE_BATCH);
    let failed = 0;
    for (const order of orders) {
      try {
        await reconcileOrder(order);
      } catch (err) {
        failed++;
        log.error({ err, orderId: order.id }, 'reconciling a payment order failed');
      }
    }
    return { checked: orders.length, failed };
  }

  return {
    provider,
    products,
    createOrder,
    capture,
    testOrder,
    testAction,
    webhook,
    reconcile,
    /** The public payment settings the browser needs for PayPal's buttons. */
    paypalConfig: () => ({
      clientId: provider?.name === 'paypal' ? (config.payments.paypal?.clientId ?? null) : null,
      provider: provider?.name ?? null,
      currency: 'EUR' as const,
      intent: 'capture' as const,
    }),
  };
}
