import { z } from 'zod';
import { PRODUCT_TYPES, PROMOTION_PRODUCTS, type ProductType, type PromotionProduct } from './payments';
import { adminReason } from './admin';
import { pathId } from './ids';

/** Prices an admin may set, in cents: one euro to a thousand, so a typo of a zero too many or too few is refused. */
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 100_000;
/** Days one admin grant of featured status may add. */
export const GRANT_DAYS_MAX = 365;
/** Days before its end a featured period counts as ending soon. */
export const ENDING_SOON_DAYS = 3;
/** Hours ahead a planned promotion counts as due. */
export const PROMOTION_DUE_HOURS = 48;
/** Rows per page of the admin money lists. */
export const ADMIN_MONEY_PAGE = 50;
const reason = adminReason;
const cursor = z.string('adminCursorInvalid').max(200, 'adminCursorInvalid').optional();
const day = z.iso.date('adminDateInvalid').optional();

/** The product path parameter: a malformed name is answered like an unknown one (404). */
export const productParams = z.object({ productType: z.string('validation').max(40, 'validation') });

/** PUT /api/admin/premium/catalogue/{productType}. */
export const priceSchema = z.object({
  amountCents: z.number('adminPriceInvalid').int('adminPriceInvalid').min(PRICE_MIN_CENTS, 'adminPriceRange').max(PRICE_MAX_CENTS, 'adminPriceRange'),
});
export type PriceInput = z.infer<typeof priceSchema>;

export const PAYMENT_STATUSES = ['created', 'capturing', 'pending', 'completed', 'failed', 'cancelled', 'expired'] as const;

/** GET /api/admin/premium/payments (and .csv). `q` finds a username, name, email, order or receipt number. */
export const paymentsQuery = z.object({
  status: z.enum(PAYMENT_STATUSES, 'validation').optional(),
  productType: z.enum(PRODUCT_TYPES, 'productUnknown').optional(),
  q: z.string('validation').trim().max(100, 'validation').optional(),
  from: day,
  to: day,
  cursor,
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

/** POST /api/admin/users/{id}/featured. */
export const grantFeaturedSchema = z.object({
  days: z.number('adminDaysInvalid').int('adminDaysInvalid').min(1, 'adminDaysInvalid').max(GRANT_DAYS_MAX, 'adminDaysInvalid'),
  reason,
  includePromotions: z.boolean('validation').default(false),
});
export type GrantFeaturedInput = z.infer<typeof grantFeaturedSchema>;

/** POST /api/admin/users/{id}/featured/revoke, and the reject of a promotion. */
export const reasonSchema = z.object({ reason });

export const userParams = z.object({ id: pathId('validation', 'userNotFound') });
export const promotionParams = z.object({ id: pathId('validation', 'promotionNotFound') });

/** GET /api/admin/featured. */
export const featuredQuery = z.object({
  status: z.enum(['active', 'ended'], 'validation').default('active'),
  userType: z.enum(['artist', 'studio'], 'validation').optional(),
  cursor,
});
export type FeaturedQuery = z.infer<typeof featuredQuery>;

export const PROMOTION_LIST_STATUSES = ['open', 'published', 'rejected'] as const;

/** GET /api/admin/instagram/requests. */
export const promotionsQuery = z.object({
  status: z.enum(PROMOTION_LIST_STATUSES, 'validation').default('open'),
  type: z.enum(PROMOTION_PRODUCTS, 'productUnknown').optional(),
  from: day,
  to: day,
  cursor,
});
export type PromotionsQuery = z.infer<typeof promotionsQuery>;

/** Only a post's address on Instagram is published: https, instagram.com or a subdomain of it. */
export function isInstagramUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return url.protocol === 'https:' && (host === 'instagram.com' || host.endsWith('.instagram.com')) && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const publishSchema = z.object({
  permalink: z.string('adminPermalinkInvalid').trim().max(500, 'adminPermalinkInvalid').refine(isInstagramUrl, 'adminPermalinkInvalid'),
});

export const rescheduleSchema = z.object({ plannedAt: z.iso.datetime({ offset: true, message: 'plannedAtInvalid' }) });

// Answers.

export interface CatalogueProduct {
  productType: ProductType;
  amountCents: number;
  currency: string;
  updatedAt: string;
}

export interface LedgerRow {
  id: string;
  productType: ProductType;
  amountCents: number;
  currency: string;
  status: (typeof PAYMENT_STATUSES)[number];
  provider: string;
  providerOrderId: string | null;
  receiptNumber: string | null;
  /** The receipt's PDF for completed orders (the admin may open any). */
  receiptUrl: string | null;
  user: { id: number; username: string; name: string } | null;
  createdAt: string;
  completedAt: string | null;
}

export interface FeaturedPeriod {
  id: number;
  source: 'purchase' | 'admin';
  orderId: string | null;
  startsAt: string;
  endsAt: string;
  revokedAt: string | null;
  reason: string | null;
}

export interface FeaturedEntry {
  user: { id: number; username: string; name: string; userType: 'artist' | 'studio' };
  featuredUntil: string | null;
  /** Whole days left, rounded up; 0 once ended. */
  daysLeft: number;
  endingSoon: boolean;
  periods: FeaturedPeriod[];
}

export interface FeaturedAnswer {
  entries: FeaturedEntry[];
  nextCursor: string | null;
  /** What the home page shows now: its featured artists and studios in order. */
  home: { artists: FeaturedPreviewRow[]; studios: FeaturedPreviewRow[] };
}

export interface FeaturedPreviewRow {
  id: number;
  username: string;
  name: string;
}

export interface PromotionRequest {
  id: number;
  productType: PromotionProduct;
  status: 'open' | 'published' | 'rejected';
  user: { id: number; username: string; name: string };
  post: {
    id: number;
    type: string;
    caption: string;
    hashtags: string[];
    plannedAt: string | null;
    media: { url: string; thumbnailUrl: string } | null;
  };
  permalink: string | null;
  reason: string | null;
  /** Open and its planned time passed. */
  overdue: boolean;
  createdAt: string;
  decidedAt: string | null;
}
