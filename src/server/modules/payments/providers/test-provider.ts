import { randomBytes } from 'node:crypto';
import { isPostgresDb, type Db } from '../../../db/index';
import { centsToValue, type PaymentProvider, type ProviderOrderInput, type ProviderOrderState } from './provider';
import * as books from './test-provider-repo';

/**
 * The built-in test provider. It keeps its own books (`test_provider_orders`) and writes them in
 * its own transactions, never inside ours, so the payment flow meets the same situations as with
 * a real provider: an order it has captured while ours still says `capturing` (a crash between
 * the two) is found and settled by the reconciler, not papered over by a shared transaction.
 * The buyer decides on the application's own approval page (approve, decline, cancel).
 */
type Row = books.TestProviderRow;

export type TestDecision = 'approve' | 'decline' | 'cancel';

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** The provider's view of an order, for the approval page. */
  find(providerOrderId: string): Promise<Row | undefined>;
  /**
   * The buyer's decision on the approval page: approve makes the order capturable, decline
   * makes its capture fail (a refused card), cancel voids it. False once decided.
   */
  decide(providerOrderId: string, decision: TestDecision): Promise<boolean>;
}

const DECIDED: Record<TestDecision, string> = { approve: 'APPROVED', decline: 'DECLINED', cancel: 'VOIDED' };

function newId(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString('hex').toUpperCase()}`;
}

function stateOf(row: Row | undefined): ProviderOrderState {
  if (!row) return { state: 'unknown' };
  switch (row.status) {
    case 'CREATED':
      return { state: 'created' };
    case 'APPROVED':
      return { state: 'approved' };
    case 'COMPLETED':
      return { state: 'completed', captureId: row.capture_id ?? '', amount: { value: row.amount_value, currency: row.currency } };
    case 'DECLINED':
      return { state: 'declined', reason: 'INSTRUMENT_DECLINED' };
    default:
      return { state: 'voided' };
  }
}

export function createTestProvider(db: Db, now: () => Date = () => new Date()): TestProvider {
  const postgres = isPostgresDb(db);
  const find = (id: string) => books.findTestOrder(db, id);

  return {
    name: 'test',
    find,

    async createOrder(order: ProviderOrderInput) {
      const at = now().toISOString();
      // The request id (our UUID) makes a repeated creation answer the first order.
      const providerOrderId = await books.insertTestOrder(db, {
        id: newId('TEST'),
        custom_id: order.id,
        request_id: order.id,
        amount_value: centsToValue(order.amountCents),
        currency: order.currency,
        status: 'CREATED',
        capture_id: null,
        capture_request_id: null,
        created_at: at,
        updated_at: at,
      });
      return { providerOrderId };
    },

    async capture(providerOrderId, requestId) {
      return db.transaction().execute(async (trx) => {
        const row = await books.lockTestOrder(trx, providerOrderId, postgres);
        if (row?.status !== 'APPROVED') return stateOf(row);
        const captured = { status: 'COMPLETED', capture_id: newId('TESTCAP'), capture_request_id: requestId, updated_at: now().toISOString() };
        await books.markCaptured(trx, providerOrderId, captured);
        return stateOf({ ...row, ...captured });
      });
    },

    async getOrder(providerOrderId) {
      return stateOf(await find(providerOrderId));
    },

    async decide(providerOrderId, decision) {
      return books.decideTestOrder(db, providerOrderId, DECIDED[decision], now().toISOString());
    },
  };
}
