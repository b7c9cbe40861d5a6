import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_HISTORY_PAGE } from '../../../common/schemas/payments';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { completeOrder, insertOrder } from './receipts.testing';

const ITEM_KEYS = ['amount', 'amountCents', 'completedAt', 'createdAt', 'currency', 'description', 'id', 'orderId', 'productType', 'receiptUrl', 'status', 'test'];
const ANSWER_KEYS = ['hasMore', 'message', 'page', 'payments', 'success'];

const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 8, n)).toISOString();

describeEachEngine('payment history', (engine) => {
  const t = useTestApp(engine);
  const history = (as: TestUser | null, query = '', lang = 'en') => call(t.app, 'GET', `/api/payments/history${query}`, { as, lang });

  it('needs a login (401)', async () => {
    const res = await history(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers an empty history with a note in the request’s language', async () => {
    const fresh = await createStudio(t.app);
    const res = await history(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, payments: [], message: 'You have not made any payments yet.', page: 1, hasMore: false });
    expect((await history(fresh, '', 'de')).json().message).toBe('Du hast noch keine Zahlungen getätigt.');
  });

  it('refuses a page that is not a positive whole number (400)', async () => {
    const user = await createArtist(t.app);
    for (const page of ['0', '-1', 'abc', '1.5', '10001']) {
      const res = await history(user, `?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'validation' });
    }
  });

  describe('a buyer with orders in every state', () => {
    let buyer: TestUser;
    let other: TestUser;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      [buyer, other] = [await createArtist(t.app), await createArtist(t.app)];
      // Minute 0 is the oldest. 20 completed reels fill more than a page below the interesting rows.
      for (let i = 0; i < 20; i++) {
        const id = await insertOrder(t.app, buyer, { productType: 'instagram_reel', status: 'capturing', createdAt: minute(i) });
        await completeOrder(t.app, id, minute(i));
      }
      ids.completedPaypal = await insertOrder(t.app, buyer, { provider: 'paypal', providerOrderId: '5O190127TN364715T', status: 'capturing', createdAt: minute(30) });
      await completeOrder(t.app, ids.completedPaypal, minute(31));
      ids.pending = await insertOrder(t.app, buyer, { productType: 'instagram_story', status: 'pending', createdAt: minute(32) });
      ids.capturing = await insertOrder(t.app, buyer, { productType: 'instagram_feed_post', status: 'capturing', providerOrderId: null, createdAt: minute(33) });
      ids.failed = await insertOrder(t.app, buyer, { status: 'failed', createdAt: minute(34) });
      // Never paid: not listed.
      for (const [status, at] of [['created', 35], ['cancelled', 36], ['expired', 37]] as const) ids[status] = await insertOrder(t.app, buyer, { status, createdAt: minute(at) });
      // Someone else's order, newer than all of them.
      ids.others = await insertOrder(t.app, other, { status: 'pending', createdAt: minute(50) });
    });

    it('lists paid, pending and failed orders newest first, 20 a page, and only the buyer’s own', async () => {
      const first = await history(buyer);
      expect(first.statusCode).toBe(200);
      const answer = first.json();
      expect(Object.keys(answer).sort()).toEqual(ANSWER_KEYS);
      expect(answer).toMatchObject({ success: true, page: 1, hasMore: true, message: 'Your payments, newest first.' });
      expect(answer.payments).toHaveLength(PAYMENT_HISTORY_PAGE);
      for (const item of answer.payments) expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(answer.payments.slice(0, 4).map((p: { id: string }) => p.id)).toEqual([ids.failed, ids.capturing, ids.pending, ids.completedPaypal]);
      const listed = answer.payments.map((p: { id: string }) => p.id);
      for (const hidden of [ids.created, ids.cancelled, ids.expired, ids.others]) expect(listed).not.toContain(hidden);

      const second = (await history(buyer, '?page=2')).json();
      expect(second).toMatchObject({ page: 2, hasMore: false, message: 'Your payments, newest first.' });
      expect(second.payments).toHaveLength(4);
      const createdAt = [...answer.payments, ...second.payments].map((p: { createdAt: string }) => p.createdAt);
      expect(createdAt).toEqual([...createdAt].sort().reverse());
      expect(second.payments.at(-1).createdAt).toBe(minute(0));

      const past = (await history(buyer, '?page=3')).json();
      expect(past).toMatchObject({ payments: [], page: 3, hasMore: false });
    });

    it('shows each status, the provider’s order id, the receipt link for completed orders and the test mark', async () => {
      const [failed, capturing, pending, paypal] = (await history(buyer)).json().payments;
      expect(paypal).toEqual({
        id: ids.completedPaypal,
        createdAt: minute(30),
        description: 'Featured artist (14 days)',
        productType: 'featured_artist',
        orderId: '5O190127TN364715T',
        amount: 19.9,
        amountCents: 1990,
        currency: 'EUR',
        status: 'completed',
        completedAt: minute(31),
        receiptUrl: `/api/payments/${ids.completedPaypal}/receipt.pdf`,
        test: false,
      });
      expect(pending).toMatchObject({ id: ids.pending, status: 'pending', completedAt: null, receiptUrl: null, test: true, amount: 9.9, description: 'Story promotion' });
      // A capture under way is pending to the buyer; before the provider's id exists, ours stands in.
      expect(capturing).toMatchObject({ id: ids.capturing, status: 'pending', orderId: ids.capturing, receiptUrl: null, description: 'Feed post promotion' });
      expect(failed).toMatchObject({ id: ids.failed, status: 'failed', completedAt: null, receiptUrl: null });

      // The receipt link works for its buyer.
      const pdf = await call(t.app, 'GET', paypal.receiptUrl, { as: buyer });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });

    it('names the products in the request’s language', async () => {
      const names = async (lang: string) => {
        const answer = (await history(buyer, '?page=1', lang)).json();
        return answer.payments.slice(0, 5).map((p: { description: string }) => p.description);
      };
      expect(await names('de')).toEqual(['Featured-Künstler (14 Tage)', 'Feed-Promotion', 'Story-Promotion', 'Featured-Künstler (14 Tage)', 'Reel-Promotion']);
      expect(await names('fr')).toEqual(['Tatoueur à la une (14 jours)', 'Promotion dans le fil', 'Promotion en story', 'Tatoueur à la une (14 jours)', 'Promotion en reel']);
      expect((await history(buyer, '', 'es')).json().message).toBe('Tus pagos, del más reciente al más antiguo.');
    });

    it('shows the other user only their own order', async () => {
      const answer = (await history(other)).json();
      expect(answer.payments.map((p: { id: string }) => p.id)).toEqual([ids.others]);
    });
  });
});
