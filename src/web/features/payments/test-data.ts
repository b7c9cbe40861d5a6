import type { PaymentHistoryItem, Receipt, TestOrderAnswer } from '../../../common/schemas/payments';

// Test data of the payments feature (imported by its tests only); the catalogue and the fetch
// stub are shared with the posts feature from src/web/test.
export { createProducts } from '../../test/factories';
export { mockApi, type ApiCall } from '../../test/mock-api';

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
