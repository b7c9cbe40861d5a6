import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ProductType } from '../../../common/schemas/payments';
import { SEEDED_PRICES } from '../../../common/schemas/payments.testing';
import type { TestUser } from '../../test/factories';
import { assignReceipt } from './receipts';

export interface TestOrder {
  productType?: ProductType;
  /** Stored status: created, capturing, pending, completed, failed, cancelled, expired. */
  status?: string;
  provider?: 'test' | 'paypal';
  /** The provider's id; null leaves it unset, as before the provider answered. */
  providerOrderId?: string | null;
  language?: string;
  createdAt?: string;
  amountCents?: number;
}

/**
 * Writes one payment order for `buyer` straight into the table, as the payments service would
 * have left it; the receipts tests need orders in every state without going through a provider.
 */
export async function insertOrder(app: FastifyInstance, buyer: TestUser, order: TestOrder = {}): Promise<string> {
  const id = randomUUID();
  const productType = order.productType ?? 'featured_artist';
  const createdAt = order.createdAt ?? new Date().toISOString();
  await app.ctx.db
    .insertInto('payment_orders')
    .values({
      id,
      user_id: buyer.user.id,
      product_type: productType,
      amount_cents: order.amountCents ?? SEEDED_PRICES[productType],
      currency: 'EUR',
      provider: order.provider ?? 'test',
      provider_order_id: order.providerOrderId === undefined ? `PROV-${id.slice(0, 8).toUpperCase()}` : order.providerOrderId,
      capture_id: null,
      status: order.status ?? 'created',
      post_id: null,
      return_path: null,
      language: order.language ?? 'en',
      failure: order.status === 'failed' ? 'DECLINED' : null,
      receipt_number: null,
      buyer_snapshot: null,
      seller_snapshot: null,
      created_at: createdAt,
      updated_at: createdAt,
      completed_at: null,
    })
    .execute();
  return id;
}

/** Completes an order as the completion transaction does: status, time and receipt in one transaction. Answers the number. */
export async function completeOrder(app: FastifyInstance, orderId: string, completedAt = new Date().toISOString()): Promise<string> {
  return app.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('payment_orders').set({ status: 'completed', completed_at: completedAt, updated_at: completedAt }).where('id', '=', orderId).execute();
    return assignReceipt(trx, orderId, completedAt, app.ctx.config.payments.invoice);
  });
}

/** An order bought and completed: answers its id and receipt number. */
export async function insertCompletedOrder(app: FastifyInstance, buyer: TestUser, order: TestOrder & { completedAt?: string } = {}): Promise<{ id: string; number: string }> {
  const id = await insertOrder(app, buyer, { ...order, status: 'capturing' });
  const number = await completeOrder(app, id, order.completedAt);
  return { id, number };
}
