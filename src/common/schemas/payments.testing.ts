import type { ProductType, Receipt } from './payments';

// Test data of the payments schemas, for the server's tests and the web's alike: both sides check
// the same prices and the same receipt figures, so they read them from one place. No app code
// imports this module.

/** The price of each product in cents, as the migrations seed the catalogue. */
export const SEEDED_PRICES: Record<ProductType, number> = {
  featured_artist: 1990,
  featured_studio: 1990,
  instagram_feed_post: 990,
  instagram_story: 990,
  instagram_reel: 1490,
};

/**
 * A German receipt of the featured artist status bought with the test provider: 19,90 € gross with
 * 19 % VAT (3,18 €) in it, sold by the seller the server tests configure.
 */
export function featuredReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: '6f1d2a4e-8a7b-4c1e-9d3f-1a2b3c4d5e6f',
    number: '2026-000001',
    issuedAt: '2026-11-24T10:15:00.000Z',
    seller: { name: 'Tinte & Nadel GmbH', address: 'Hauptstraße 5, 10115 Berlin, Deutschland', vatId: 'DE999999999' },
    buyer: { name: 'Łukasz Żółć', email: 'lukasz@example.test', username: 'lukasz' },
    productType: 'featured_artist',
    description: 'Featured-Künstler (14 Tage)',
    amountCents: SEEDED_PRICES.featured_artist,
    currency: 'EUR',
    vatRate: 19,
    vatCents: 318,
    provider: 'test',
    providerOrderId: 'TESTORDER-1',
    test: true,
    language: 'de',
    ...overrides,
  };
}

/** What a receipt of a real PayPal payment says instead of the test provider's mark. */
export const PAID_WITH_PAYPAL = { provider: 'paypal', providerOrderId: '5O190127TN364715T', test: false } as const satisfies Partial<Receipt>;
