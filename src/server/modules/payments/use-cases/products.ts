import { featuredProductFor, isPromotionProduct, type ProductsAnswer } from '../../../../common/schemas/payments';
import type { SessionUser } from '../../../../common/schemas/session';
import { listProducts } from '../repo';
import type { PaymentContext } from './context';

/** The products with their prices; a logged-in user learns what they may buy and their credits. */
export async function products(ctx: PaymentContext, viewer: SessionUser | null): Promise<ProductsAnswer> {
  const { db, provider, credits } = ctx;
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

/** The public payment settings the browser needs for PayPal's buttons. */
export function paypalConfig({ provider, config }: PaymentContext) {
  return {
    clientId: provider?.name === 'paypal' ? (config.payments.paypal?.clientId ?? null) : null,
    provider: provider?.name ?? null,
    currency: 'EUR' as const,
    intent: 'capture' as const,
  };
}
