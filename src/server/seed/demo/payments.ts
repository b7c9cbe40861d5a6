import type { Language } from '../../../common/languages';
import type { ProductType } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { MemoryRateLimitStore } from '../../lib/rate-limit/index';
import { credits } from '../../modules/instagram/index';
import { createPaymentService, createTestProvider, moveOrder } from '../../modules/payments/index';
import { loadDemoAccounts } from './demo-accounts';

const HOUR_MS = 3_600_000;

/** A demo purchase: who buys what, how long ago, and what the buyer did on the test provider's page. */
interface DemoPurchase {
  buyer: string;
  product: ProductType;
  hoursAgo: number;
  /** approve: completed with a receipt; decline: a refused card (failed); held: the capture waits (pending). */
  outcome: 'approve' | 'decline' | 'held';
  lang: Language;
}

/**
 * The demo artist (Lena) and the demo studio are featured because they bought it, so their
 * dashboards show real receipts: Lena's card was refused once before her purchase went through,
 * and a reel she bought since waits for the provider. The rest of the demo world is featured
 * directly by the seed.
 */
export const DEMO_PURCHASES: readonly DemoPurchase[] = [
  { buyer: 'lena', product: 'featured_artist', hoursAgo: 50, outcome: 'decline', lang: 'de' },
  { buyer: 'lena', product: 'featured_artist', hoursAgo: 48, outcome: 'approve', lang: 'de' },
  { buyer: 'lena', product: 'instagram_reel', hoursAgo: 5, outcome: 'held', lang: 'de' },
  { buyer: 'studio', product: 'featured_studio', hoursAgo: 30, outcome: 'approve', lang: 'de' },
];

/**
 * Buys through the payment service as the buyers would on the test provider's page (order,
 * decision, capture, entitlement and receipt number in the service's own transactions), with
 * the clock set to each purchase's time. Always the test provider, whatever the configuration
 * sells with, so the history and receipts say no money moved. Runs once: a buyer with any order
 * is left alone.
 */
export async function seedDemoPurchases(db: Db, config: Config, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const buyers = [...new Set(DEMO_PURCHASES.map((p) => p.buyer))].map((name) => byEmail.get(name)).filter((u): u is SessionUser => !!u);
  if (buyers.length === 0) return;
  const bought = await db.selectFrom('payment_orders').select('id').where('user_id', 'in', buyers.map((u) => u.id)).limit(1).executeTakeFirst();
  if (bought) return;

  const started = Date.now();
  let clock = new Date(started);
  const now = () => clock;
  const service = createPaymentService({
    db,
    config,
    rateLimits: new MemoryRateLimitStore(),
    credits,
    provider: createTestProvider(db, now),
    now,
  });
  for (const purchase of DEMO_PURCHASES) {
    const buyer = byEmail.get(purchase.buyer);
    if (!buyer) continue;
    clock = new Date(started - purchase.hoursAgo * HOUR_MS);
    const { orderId } = await service.createOrder(buyer, { productType: purchase.product }, purchase.lang);
    if (!orderId) throw new Error(`demo order for ${purchase.buyer} not created`);
    if (purchase.outcome === 'held') {
      // A capture the provider holds for review (as PayPal does for some payments): the test
      // provider has no such state, so the order is moved to pending the way a held capture moves it.
      clock = new Date(clock.getTime() + 60_000);
      await moveOrder(db, orderId, ['created'], 'pending', { capture_id: `TESTCAP-HELD-${orderId.slice(0, 8).toUpperCase()}`, updated_at: clock.toISOString() });
      continue;
    }
    clock = new Date(clock.getTime() + 90_000);
    await service.testAction(buyer, orderId, purchase.outcome, purchase.lang);
  }
}
