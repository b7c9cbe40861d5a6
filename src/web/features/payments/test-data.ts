import { vi } from 'vitest';
import type { PaymentHistoryItem, ProductsAnswer, ProductType, Receipt, TestOrderAnswer } from '../../../common/schemas/payments';

// Test data of the payments feature (imported by its tests only).

const PRICES: Record<ProductType, number> = {
  featured_artist: 1990,
  featured_studio: 1990,
  instagram_feed_post: 990,
  instagram_story: 990,
  instagram_reel: 1490,
};

/** The catalogue as a logged-in artist gets it from the test provider. */
export function createProducts(overrides: Partial<ProductsAnswer> = {}, userType: 'artist' | 'studio' = 'artist'): ProductsAnswer {
  return {
    success: true,
    products: (Object.keys(PRICES) as ProductType[]).map((productType) => ({
      productType,
      amountCents: PRICES[productType],
      amount: PRICES[productType] / 100,
      currency: 'EUR' as const,
      purchasable: productType !== (userType === 'artist' ? 'featured_studio' : 'featured_artist'),
    })),
    credits: { instagram_feed_post: 1, instagram_story: 0, instagram_reel: 2 },
    available: true,
    provider: 'test',
    ...overrides,
  };
}

let nextOrder = 1;
/** A UUID-shaped order id, different every call. */
export const orderId = () => `6f1c2d3e-4a5b-4c6d-8e7f-${String(nextOrder++).padStart(12, '0')}`;

export function createHistoryItem(overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem {
  const id = overrides.id ?? orderId();
  return {
    id,
    createdAt: '2026-11-20T10:15:00.000Z',
    description: 'Featured status (14 days)',
    productType: 'featured_artist',
    orderId: `TEST-${id.slice(-6)}`,
    amount: 19.9,
    amountCents: 1990,
    currency: 'EUR',
    status: 'completed',
    completedAt: '2026-11-20T10:16:00.000Z',
    receiptUrl: `/api/payments/${id}/receipt.pdf`,
    test: false,
    ...overrides,
  };
}

export function createReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: orderId(),
    number: '2026-000042',
    issuedAt: '2026-11-20T10:16:00.000Z',
    seller: { name: 'Nadelwerk Plattform GmbH', address: 'Beispielweg 3\n04109 Leipzig', vatId: 'DE123456789' },
    buyer: { name: 'Łucja Żółć', email: 'lucja@example.com', username: 'Lucja Ink' },
    productType: 'featured_artist',
    description: 'Featured-Status (14 Tage)',
    amountCents: 1990,
    currency: 'EUR',
    vatRate: 19,
    vatCents: 318,
    provider: 'paypal',
    providerOrderId: '5O190127TN364715T',
    test: false,
    language: 'de',
    ...overrides,
  };
}

export function createTestOrder(overrides: Partial<TestOrderAnswer['order']> = {}): TestOrderAnswer {
  return {
    success: true,
    order: {
      id: orderId(),
      productType: 'featured_artist',
      amountCents: 1990,
      currency: 'EUR',
      buyer: { name: 'Lena Hoffmann', username: 'Lena Ink' },
      status: 'CREATED',
      ...overrides,
    },
  };
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers fetch calls by method and path prefix (`'POST /api/payments/create-order'`), the
 * longest prefix first, and records each call with its JSON body; an unexpected call fails.
 */
export function mockApi(routes: Record<string, (url: string, body: unknown) => Response | Promise<Response>>): ApiCall[] {
  const calls: ApiCall[] = [];
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const key = keys.find((k) => {
        const [m, prefix] = k.split(' ') as [string, string];
        return m === method && url.startsWith(prefix);
      });
      if (!key) throw new Error(`unexpected request ${method} ${url}`);
      return (routes[key] as (url: string, body: unknown) => Response | Promise<Response>)(url, body);
    }),
  );
  return calls;
}
