import type { Language } from '../../../common/languages';
import type { CaptureOrderInput, CreateOrderInput } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import type { WebhookDelivery } from './providers/provider';
import type { TestDecision } from './providers/test-provider';
import { captureOrder } from './use-cases/capture-order';
import { paymentContext, type PaymentDeps } from './use-cases/context';
import { createOrder } from './use-cases/create-order';
import { paypalConfig, products } from './use-cases/products';
import { reconcile } from './use-cases/reconcile';
import { testAction, testOrder } from './use-cases/test-checkout';
import { webhook } from './use-cases/webhook';

export { providerFromConfig, type PaymentDeps } from './use-cases/context';
export { ORDER_LIMIT } from './use-cases/create-order';
export { ORDER_EXPIRY_MS } from './use-cases/reconcile';

export type PaymentService = ReturnType<typeof createPaymentService>;

/**
 * The payment flow, one use case a file under use-cases/, each moving orders only along
 * order-state.ts. Every use case gets the same context, made once here.
 */
export function createPaymentService(deps: PaymentDeps) {
  const ctx = paymentContext(deps);
  return {
    provider: ctx.provider,
    products: (viewer: SessionUser | null) => products(ctx, viewer),
    createOrder: (viewer: SessionUser, input: CreateOrderInput, lang: Language) => createOrder(ctx, viewer, input, lang),
    capture: (viewer: SessionUser, input: CaptureOrderInput, lang: Language) => captureOrder(ctx, viewer, input, lang),
    testOrder: (viewer: SessionUser, orderId: string) => testOrder(ctx, viewer, orderId),
    testAction: (viewer: SessionUser, orderId: string, action: TestDecision, lang: Language) => testAction(ctx, viewer, orderId, action, lang),
    webhook: (delivery: WebhookDelivery) => webhook(ctx, delivery),
    reconcile: () => reconcile(ctx),
    /** The public payment settings the browser needs for PayPal's buttons. */
    paypalConfig: () => paypalConfig(ctx),
  };
}
