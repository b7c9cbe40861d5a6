import type { Language } from '../../../../common/languages';
import { pathTo } from '../../../../common/routes';
import type { ProductType, TestActionAnswer, TestOrderAnswer } from '../../../../common/schemas/payments';
import type { SessionUser } from '../../../../common/schemas/session';
import { AppError, conflict, notFound } from '../../../errors';
import { t } from '../../../i18n';
import { moveOrder, OPEN } from '../order-state';
import type { TestDecision } from '../providers/test-provider';
import { settle } from './capture-order';
import { languageOf, requireOwnOrder, type OrderRow, type PaymentContext } from './context';

async function requireTestOrder(ctx: PaymentContext, viewer: SessionUser, orderId: string) {
  const { testProvider } = ctx;
  // With another provider this page does not exist.
  if (!testProvider) throw notFound('orderNotFound');
  const order = await requireOwnOrder(ctx, viewer, orderId);
  const atProvider = order.provider === 'test' && order.provider_order_id ? await testProvider.find(order.provider_order_id) : undefined;
  if (!atProvider) throw notFound('orderNotFound');
  return { order, atProvider, testProvider };
}

/** GET /api/payments/test-provider/orders/{orderId}: what the test approval page shows. */
export async function testOrder(ctx: PaymentContext, viewer: SessionUser, orderId: string): Promise<TestOrderAnswer> {
  const { order, atProvider } = await requireTestOrder(ctx, viewer, orderId);
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

// A success names the product, so the page says what was bought (a promotion is not a featured status).
function returnTo(order: OrderRow, result: 'success' | 'error' | null): string {
  const target = order.return_path ?? pathTo('dashboard', {}, languageOf(order));
  if (!result) return target;
  const [path, hash] = target.split('#', 2) as [string, string | undefined];
  const query = result === 'success' ? `payment=success&product=${encodeURIComponent(order.product_type)}` : `payment=${result}`;
  return `${path}${path.includes('?') ? '&' : '?'}${query}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * POST /api/payments/test-provider/orders/{orderId}: the buyer's decision on the test page,
 * then what a real provider's return would do: approve and decline go through the same
 * capture as PayPal's buttons, cancel leaves everything as it was.
 */
export async function testAction(ctx: PaymentContext, viewer: SessionUser, orderId: string, action: TestDecision, lang: Language): Promise<TestActionAnswer> {
  const { order, testProvider: books } = await requireTestOrder(ctx, viewer, orderId);
  if (!(await books.decide(order.provider_order_id as string, action))) throw conflict('paymentDecided');
  if (action === 'cancel') {
    await moveOrder(ctx.db, order.id, OPEN, 'cancelled', { failure: 'CANCELLED_BY_BUYER', updated_at: ctx.iso() });
    return { success: true, status: 'cancelled', message: t(lang, 'paymentCancelled'), redirectTo: returnTo(order, null) };
  }
  try {
    const answer = await settle(ctx, order, lang);
    return { success: answer.success, status: answer.status, message: answer.message, redirectTo: returnTo(order, answer.status === 'failed' ? 'error' : 'success') };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { success: false, status: 'failed', message: t(lang, err.code), redirectTo: returnTo(order, 'error') };
  }
}
