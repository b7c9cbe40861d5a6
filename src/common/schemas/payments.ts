import { z } from 'zod';
import { idNumber } from './ids';

/** Every product the catalogue sells, as the spec names them. */
export const PRODUCT_TYPES = ['featured_artist', 'featured_studio', 'instagram_feed_post', 'instagram_story', 'instagram_reel'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The promotion products: each grants one credit of its kind, spent on a planned post. */
export const PROMOTION_PRODUCTS = ['instagram_feed_post', 'instagram_story', 'instagram_reel'] as const;
export type PromotionProduct = (typeof PROMOTION_PRODUCTS)[number];

/** How long one featured purchase lasts, added to the later of now and the current end. */
export { FEATURED_DAYS } from '../constants';
/** Orders one user may start in an hour. */
export const ORDERS_PER_HOUR = 30;
/** Rows of the payment history per page. */
export const PAYMENT_HISTORY_PAGE = 20;

export function isPromotionProduct(type: string): type is PromotionProduct {
  return (PROMOTION_PRODUCTS as readonly string[]).includes(type);
}

/** The featured product an account type may buy. */
export function featuredProductFor(userType: 'artist' | 'studio'): ProductType {
  return userType === 'studio' ? 'featured_studio' : 'featured_artist';
}

const productType = z.string('productUnknown').refine((v): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v), 'productUnknown');

/** POST /api/payments/create-order. `returnPath` is the same-site page the purchase began on. */
export const createOrderSchema = z.object({
  productType,
  postId: idNumber('validation').optional(),
  returnPath: z.string().max(300).regex(/^\/(?!\/)[^\s\\]*$/, 'validation').optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/** Our order ids are UUIDs. */
export const orderId = z.uuid('paymentIdInvalid');

/** POST /api/payments/capture-order. */
export const captureOrderSchema = z.object({ orderId, productType });
export type CaptureOrderInput = z.infer<typeof captureOrderSchema>;

/** POST /api/payments/test-provider/orders/{orderId}. */
export const testProviderActionSchema = z.object({ action: z.enum(['approve', 'decline', 'cancel'], 'validation') });
export const orderParams = z.object({ orderId });
export const paymentParams = z.object({ id: orderId });
export const historyQuery = z.object({ page: z.coerce.number('validation').int('validation').min(1, 'validation').max(10_000, 'validation').default(1) });

export interface Product {
  productType: ProductType;
  amountCents: number;
  /** In euros (19.9), for the formatters. */
  amount: number;
  currency: 'EUR';
  /** Logged in only: whether this account may buy it now. */
  purchasable?: boolean;
}

/** GET /api/payments/products. `credits` only for a logged-in user. */
export interface ProductsAnswer {
  success: true;
  products: Product[];
  credits?: Record<PromotionProduct, number>;
  /** Whether anything can be bought here (false in production without PayPal). */
  available: boolean;
  provider: 'paypal' | 'test' | null;
}

/** GET /api/config/paypal. */
export interface PaypalConfigAnswer {
  clientId: string | null;
  provider: 'paypal' | 'test' | null;
  currency: 'EUR';
  intent: 'capture';
}

export interface CreateOrderAnswer {
  success: boolean;
  orderId?: string;
  /** The provider's order id: what PayPal's buttons return from their `createOrder`. */
  providerOrderId?: string;
  /** Only from the test provider: its approval page. PayPal shows its buttons instead. */
  approveUrl?: string;
  message: string;
}

export type CaptureStatus = 'completed' | 'pending' | 'failed';

export interface CaptureOrderAnswer {
  success: boolean;
  message: string;
  status: CaptureStatus;
  featuredUntil: string | null;
}

/** One row of GET /api/payments/history. Cancelled and expired orders are not listed. */
export interface PaymentHistoryItem {
  id: string;
  createdAt: string;
  /** The product in the request's language. */
  description: string;
  productType: ProductType;
  /** The provider's order id (ours until the provider has one). */
  orderId: string;
  amount: number;
  amountCents: number;
  currency: 'EUR';
  status: CaptureStatus;
  completedAt: string | null;
  /** The PDF, for completed orders only. */
  receiptUrl: string | null;
  test: boolean;
}

export interface PaymentHistoryAnswer {
  success: true;
  payments: PaymentHistoryItem[];
  message: string;
  page: number;
  hasMore: boolean;
}

/** GET /api/payments/{id}/receipt: what the PDF and the printable page show. */
export interface Receipt {
  id: string;
  number: string;
  issuedAt: string;
  seller: { name: string; address: string; vatId: string | null };
  buyer: { name: string; email: string; username: string | null };
  productType: ProductType;
  description: string;
  amountCents: number;
  currency: 'EUR';
  vatRate: number;
  /** The VAT contained in the gross amount, in cents. */
  vatCents: number;
  provider: 'paypal' | 'test';
  providerOrderId: string;
  test: boolean;
  language: string;
}

export interface ReceiptAnswer {
  success: true;
  receipt: Receipt;
}

/** GET /api/payments/test-provider/orders/{orderId}: what the test approval page shows. */
export interface TestOrderAnswer {
  success: true;
  order: {
    id: string;
    productType: ProductType;
    amountCents: number;
    currency: 'EUR';
    buyer: { name: string; username: string };
    /** CREATED until decided; then APPROVED, COMPLETED, DECLINED or VOIDED. */
    status: string;
  };
}

/** POST /api/payments/test-provider/orders/{orderId}: where the browser goes next. */
export interface TestActionAnswer {
  success: boolean;
  message: string;
  status: CaptureStatus | 'cancelled';
  redirectTo: string;
}
