import type { PaymentHistoryItem, Receipt, TestOrderAnswer } from '../../../common/schemas/payments';
import { featuredReceipt, PAID_WITH_PAYPAL } from '../../../common/schemas/payments.testing';

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
    description: 'Featured artist (14 days)',
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

/** The sample receipt of the featured status (German, 19,90 € with 3,18 € VAT), paid with PayPal, from this site's operator. */
export function createReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return featuredReceipt({
    id: orderId(),
    number: '2026-000042',
    issuedAt: '2026-11-20T10:16:00.000Z',
    seller: { name: 'Nadelwerk Plattform GmbH', address: 'Beispielweg 3\n04109 Leipzig', vatId: 'DE123456789' },
    buyer: { name: 'Łucja Żółć', email: 'lucja@example.com', username: 'Lucja Ink' },
    ...PAID_WITH_PAYPAL,
    ...overrides,
  });
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
