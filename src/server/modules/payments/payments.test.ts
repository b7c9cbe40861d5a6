import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/schemas/session';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';
import { credits } from '../instagram/index';
import { extendFeatured } from './entitlements';
import { createTestProvider } from './providers/test-provider';
import { createPaymentService, ORDER_EXPIRY_MS } from './service';
import {
  buyWithTestProvider,
  decideTestOrder,
  insertPlannedPost,
  orderRow,
  paymentCall,
  sessionFeaturedUntil,
  startOrder,
} from './testing';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('extendFeatured', () => {
  const now = new Date('2026-06-01T12:00:00.000Z');
  it('counts 14 days from now when the user was never featured', () => {
    expect(extendFeatured(null, now)).toBe('2026-06-15T12:00:00.000Z');
  });
  it('adds 14 days to an end still ahead', () => {
    expect(extendFeatured('2026-06-10T00:00:00.000Z', now)).toBe('2026-06-24T00:00:00.000Z');
  });
  it('counts from now when the last featured time has run out', () => {
    expect(extendFeatured('2026-05-01T00:00:00.000Z', now)).toBe('2026-06-15T12:00:00.000Z');
  });
});

describeEachEngine('payments with the test provider', (engine) => {
  const t = useTestApp(engine);
  const balances = (userId: number) => credits.creditBalances(t.app.ctx.db, userId);

  describe('GET /api/payments/products and /api/config/paypal', () => {
    it('lists the catalogue in cents and euros for a visitor, without what only a buyer sees', async () => {
      const res = await paymentCall(t.app, 'GET', '/api/payments/products');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, available: true, provider: 'test' });
      expect(body.credits).toBeUndefined();
      expect(body.products).toEqual([
        { productType: 'featured_artist', amountCents: 1990, amount: 19.9, currency: 'EUR' },
        { productType: 'featured_studio', amountCents: 1990, amount: 19.9, currency: 'EUR' },
        { productType: 'instagram_feed_post', amountCents: 990, amount: 9.9, currency: 'EUR' },
        { productType: 'instagram_story', amountCents: 990, amount: 9.9, currency: 'EUR' },
        { productType: 'instagram_reel', amountCents: 1490, amount: 14.9, currency: 'EUR' },
      ]);
    });

    it("tells a logged-in user what they may buy (their own type's featured, every add-on) and their credits", async () => {
      const studio = await createStudio(t.app);
      const body = (await paymentCall(t.app, 'GET', '/api/payments/products', { as: studio })).json();
      const purchasable = Object.fromEntries(body.products.map((p: { productType: string; purchasable: boolean }) => [p.productType, p.purchasable]));
      expect(purchasable).toEqual({ featured_artist: false, featured_studio: true, instagram_feed_post: true, instagram_story: true, instagram_reel: true });
      expect(body.credits).toEqual({ instagram_feed_post: 0, instagram_story: 0, instagram_reel: 0 });
    });

    it('answers the payment config without a client id for the test provider', async () => {
      const res = await paymentCall(t.app, 'GET', '/api/config/paypal');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ clientId: null, provider: 'test', currency: 'EUR', intent: 'capture' });
    });

    it('keeps PayPal out of the content security policy while PayPal is off', async () => {
      const res = await paymentCall(t.app, 'GET', '/api/payments/products');
      expect(String(res.headers['content-security-policy'])).not.toContain('paypal');
    });
  });

  describe('POST /api/payments/create-order', () => {
    it('refuses a visitor', async () => {
      const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', { payload: { productType: 'featured_artist' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toBeTruthy();
    });

    it('refuses an unknown product, a malformed body and a post id with a featured product (400)', async () => {
      const artist = await createArtist(t.app);
      const unknown = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'golden_ticket' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ success: false, code: 'productUnknown', message: 'This product does not exist.' });
      const malformed = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'instagram_reel', postId: 'x' } });
      expect(malformed.statusCode).toBe(400);
      const postWithFeatured = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'featured_artist', postId: 1 } });
      expect(postWithFeatured.statusCode).toBe(400);
      expect(postWithFeatured.json().code).toBe('paymentPostInvalid');
    });

    it("refuses the other account type's featured product (403) in the request's language", async () => {
      const artist = await createArtist(t.app);
      const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'featured_studio' }, lang: 'de' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: 'Dieses Featured-Paket ist für die andere Kontoart.' });
    });

    it("refuses a promotion for another's post or one not planned (404)", async () => {
      const artist = await createArtist(t.app);
      const other = await createArtist(t.app);
      const othersPost = await insertPlannedPost(t.app, other.user.id);
      const draft = await insertPlannedPost(t.app, artist.user.id, 'draft');
      for (const postId of [othersPost, draft, 999_999]) {
        const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'instagram_story', postId } });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('paymentPostNotFound');
      }
    });

    it('writes our order with the catalogue price and answers the test page in the request language', async () => {
      const artist = await createArtist(t.app);
      const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', {
        as: artist,
        payload: { productType: 'featured_artist', returnPath: '/de/dashboard' },
        lang: 'de',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.orderId).toMatch(UUID);
      expect(body.approveUrl).toBe(`/de/checkout/test/${body.orderId}`);
      expect(body.message).toBe('Deine Bestellung wurde erstellt.');
      const row = await orderRow(t.app, body.orderId);
      expect(row).toMatchObject({ user_id: artist.user.id, product_type: 'featured_artist', amount_cents: 1990, currency: 'EUR', provider: 'test', status: 'created', language: 'de', return_path: '/de/dashboard' });
      expect(row.provider_order_id).toBe(body.providerOrderId);
      // The provider's books: its own row, our UUID as the custom id, the price as a decimal string.
      const books = await t.app.ctx.db.selectFrom('test_provider_orders').selectAll().where('custom_id', '=', body.orderId).executeTakeFirstOrThrow();
      expect(books).toMatchObject({ id: body.providerOrderId, request_id: body.orderId, amount_value: '19.90', currency: 'EUR', status: 'CREATED' });
    });

    it('keeps the price an order was made with when the catalogue changes', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'instagram_reel');
      await t.app.ctx.db.updateTable('products').set({ amount_cents: 2490 }).where('product_type', '=', 'instagram_reel').execute();
      try {
        expect((await orderRow(t.app, orderId)).amount_cents).toBe(1490);
      } finally {
        await t.app.ctx.db.updateTable('products').set({ amount_cents: 1490 }).where('product_type', '=', 'instagram_reel').execute();
      }
    });

    it('allows 30 orders an hour per user, then 429', async () => {
      const artist = await createArtist(t.app);
      for (let i = 0; i < 30; i++) await startOrder(t.app, artist, 'instagram_feed_post');
      const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'instagram_feed_post' } });
      expect(res.statusCode).toBe(429);
      expect(res.json().success).toBe(false);
      expect(res.headers['retry-after']).toBeDefined();
      // Another user is not held back by it.
      await startOrder(t.app, await createArtist(t.app), 'instagram_feed_post');
    });
  });

  describe('the test provider page', () => {
    it('shows the buyer their order; others get 404, visitors 401, a malformed id 400', async () => {
      const artist = await createArtist(t.app, { username: `lena_${Date.now() % 100000}` });
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      const own = await paymentCall(t.app, 'GET', `/api/payments/test-provider/orders/${orderId}`, { as: artist });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        success: true,
        order: { id: orderId, productType: 'featured_artist', amountCents: 1990, currency: 'EUR', buyer: { name: artist.user.name, username: artist.user.username }, status: 'CREATED' },
      });
      const other = await createArtist(t.app);
      expect((await paymentCall(t.app, 'GET', `/api/payments/test-provider/orders/${orderId}`, { as: other })).statusCode).toBe(404);
      expect((await decideTestOrder(t.app, other, orderId, 'approve')).statusCode).toBe(404);
      expect((await paymentCall(t.app, 'GET', `/api/payments/test-provider/orders/${orderId}`)).statusCode).toBe(401);
      expect((await paymentCall(t.app, 'GET', `/api/payments/test-provider/orders/${randomUUID()}`, { as: artist })).statusCode).toBe(404);
      const malformed = await paymentCall(t.app, 'GET', '/api/payments/test-provider/orders/not-a-uuid', { as: artist });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('paymentIdInvalid');
      const badAction = await paymentCall(t.app, 'POST', `/api/payments/test-provider/orders/${orderId}`, { as: artist, payload: { action: 'steal' } });
      expect(badAction.statusCode).toBe(400);
      expect((await orderRow(t.app, orderId)).status).toBe('created');
    });

    it('approving captures: featured for 14 days with one post and one story credit, a receipt, the session updated', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist', { lang: 'de' });
      const before = Date.now();
      const res = await decideTestOrder(t.app, artist, orderId, 'approve', 'de');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'completed', message: 'Deine Zahlung wurde erfolgreich abgeschlossen.', redirectTo: '/de/dashboard?payment=success&product=featured_artist' });

      const row = await orderRow(t.app, orderId);
      expect(row.status).toBe('completed');
      expect(row.capture_id).toMatch(/^TESTCAP-/);
      expect(row.receipt_number).toMatch(/^\d{4}-\d{6}$/);
      expect(row.completed_at).not.toBeNull();
      const featuredUntil = await sessionFeaturedUntil(t.app, artist);
      expect(Date.parse(featuredUntil as string) - before).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
      expect(Date.parse(featuredUntil as string) - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
      expect(await balances(artist.user.id)).toEqual({ instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 });

      // Decided once: the page cannot decide again, and capturing again answers the same and changes nothing.
      expect((await decideTestOrder(t.app, artist, orderId, 'approve')).statusCode).toBe(409);
      const again = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'featured_artist' } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, status: 'completed', message: 'Your payment has been completed successfully.', featuredUntil });
      expect(await sessionFeaturedUntil(t.app, artist)).toBe(featuredUntil);
      expect(await balances(artist.user.id)).toEqual({ instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 });
      expect((await orderRow(t.app, orderId)).receipt_number).toBe(row.receipt_number);
    });

    it('a second featured purchase extends from the end still ahead', async () => {
      const studio = await createStudio(t.app);
      await buyWithTestProvider(t.app, studio, 'featured_studio');
      const first = Date.parse((await sessionFeaturedUntil(t.app, studio)) as string);
      await buyWithTestProvider(t.app, studio, 'featured_studio');
      const second = Date.parse((await sessionFeaturedUntil(t.app, studio)) as string);
      expect(second - first).toBe(14 * DAY_MS);
      expect(await balances(studio.user.id)).toEqual({ instagram_feed_post: 2, instagram_story: 2, instagram_reel: 0 });
    });

    it('returns to the page the purchase began on, with the result and the product bought', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'instagram_reel', { returnPath: '/de/someone/posts/upsell/4?tab=reel' });
      const res = await decideTestOrder(t.app, artist, orderId, 'approve');
      expect(res.json().redirectTo).toBe('/de/someone/posts/upsell/4?tab=reel&payment=success&product=instagram_reel');
      expect(await balances(artist.user.id)).toMatchObject({ instagram_reel: 1 });
    });

    it('declining fails the capture: payment=error, a failed order, nothing granted, 402 on capture', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      const res = await decideTestOrder(t.app, artist, orderId, 'decline');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, status: 'failed', redirectTo: '/dashboard?payment=error' });
      expect(res.json().message).toBe('The payment could not be completed. Please try again later or contact support.');
      expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'failed', receipt_number: null });
      expect(await sessionFeaturedUntil(t.app, artist)).toBeNull();
      const capture = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'featured_artist' } });
      expect(capture.statusCode).toBe(402);
      expect(capture.json()).toMatchObject({ success: false, code: 'paymentCaptureFailed' });
      expect((await decideTestOrder(t.app, artist, orderId, 'approve')).statusCode).toBe(409);
    });

    it('cancelling goes back unchanged and closes the order', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'instagram_story', { returnPath: '/fr/dashboard' });
      const res = await decideTestOrder(t.app, artist, orderId, 'cancel', 'fr');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'cancelled', message: "Le paiement a été annulé. Rien n'a été débité.", redirectTo: '/fr/dashboard' });
      expect((await orderRow(t.app, orderId)).status).toBe('cancelled');
      const capture = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'instagram_story' } });
      expect(capture.statusCode).toBe(409);
      expect(await balances(artist.user.id)).toMatchObject({ instagram_story: 0 });
    });

    it('spends a promotion bought for a planned post on it at once', async () => {
      const artist = await createArtist(t.app);
      const postId = await insertPlannedPost(t.app, artist.user.id);
      const orderId = await buyWithTestProvider(t.app, artist, 'instagram_story', { postId });
      expect(await balances(artist.user.id)).toMatchObject({ instagram_story: 0 });
      const promotion = await t.app.ctx.db.selectFrom('post_promotions').selectAll().where('post_id', '=', postId).executeTakeFirstOrThrow();
      expect(promotion).toMatchObject({ user_id: artist.user.id, product_type: 'instagram_story', status: 'requested', order_id: orderId });
    });

    it('keeps the credit when the post cannot take the promotion any more at completion', async () => {
      const artist = await createArtist(t.app);
      const postId = await insertPlannedPost(t.app, artist.user.id);
      const orderId = await startOrder(t.app, artist, 'instagram_feed_post', { postId });
      await t.app.ctx.db.updateTable('instagram_posts').set({ status: 'cancelled' }).where('id', '=', postId).execute();
      expect((await decideTestOrder(t.app, artist, orderId, 'approve')).json().status).toBe('completed');
      expect(await balances(artist.user.id)).toMatchObject({ instagram_feed_post: 1 });
    });
  });

  describe('POST /api/payments/capture-order', () => {
    it('answers 401 to a visitor, 404 for another buyer, 400 for a product that is not the order', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      expect((await paymentCall(t.app, 'POST', '/api/payments/capture-order', { payload: { orderId, productType: 'featured_artist' } })).statusCode).toBe(401);
      const other = await createArtist(t.app);
      const others = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: other, payload: { orderId, productType: 'featured_artist' } });
      expect(others.statusCode).toBe(404);
      expect(others.json()).toMatchObject({ success: false, code: 'orderNotFound' });
      const mismatch = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'instagram_reel' } });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().code).toBe('paymentProductMismatch');
      const malformed = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId: 12, productType: 'featured_artist' } });
      expect(malformed.statusCode).toBe(400);
      expect((await orderRow(t.app, orderId)).status).toBe('created');
    });

    it('answers 409 before the buyer approved, and the order waits for the approval', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      const res = await paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'featured_artist' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'paymentNotApproved' });
      expect((await orderRow(t.app, orderId)).status).toBe('created');
      expect((await decideTestOrder(t.app, artist, orderId, 'approve')).json().status).toBe('completed');
    });

    it('fails an order whose captured amount differs from ours and grants nothing', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      const { provider_order_id } = await orderRow(t.app, orderId);
      // The provider's books say something else was captured.
      await t.app.ctx.db.updateTable('test_provider_orders').set({ amount_value: '1.00' }).where('id', '=', provider_order_id as string).execute();
      const res = await decideTestOrder(t.app, artist, orderId, 'approve');
      expect(res.json()).toMatchObject({ success: false, status: 'failed', redirectTo: '/dashboard?payment=error' });
      expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'failed', failure: 'AMOUNT_MISMATCH', receipt_number: null });
      expect(await sessionFeaturedUntil(t.app, artist)).toBeNull();
    });
  });

  describe('the reconciler', () => {
    it('captures an order the buyer approved but never came back from, and expires stale ones', async () => {
      const artist = await createArtist(t.app);
      const approved = await startOrder(t.app, artist, 'instagram_reel');
      const stale = await startOrder(t.app, artist, 'instagram_reel');
      const fresh = await startOrder(t.app, artist, 'instagram_reel');
      // The buyer approved at the provider, then the browser closed before the capture.
      const books = createTestProvider(t.app.ctx.db);
      expect(await books.decide((await orderRow(t.app, approved)).provider_order_id as string, 'approve')).toBe(true);
      const longAgo = new Date(Date.now() - ORDER_EXPIRY_MS - 60_000).toISOString();
      await t.app.ctx.db.updateTable('payment_orders').set({ created_at: longAgo }).where('id', '=', stale).execute();

      await t.app.services.payments.reconcile();
      expect((await orderRow(t.app, approved)).status).toBe('completed');
      expect((await orderRow(t.app, stale)).status).toBe('expired');
      expect((await orderRow(t.app, fresh)).status).toBe('created');
      expect(await balances(artist.user.id)).toMatchObject({ instagram_reel: 1 });

      // A second run, as a second process would, changes nothing.
      await t.app.services.payments.reconcile();
      expect(await balances(artist.user.id)).toMatchObject({ instagram_reel: 1 });
    });

    it('completes an order the provider captured while ours still said capturing (a crash in between)', async () => {
      const artist = await createArtist(t.app);
      const orderId = await startOrder(t.app, artist, 'featured_artist');
      const row = await orderRow(t.app, orderId);
      const books = createTestProvider(t.app.ctx.db);
      await books.decide(row.provider_order_id as string, 'approve');
      await books.capture(row.provider_order_id as string, `${orderId}-capture`);
      await t.app.ctx.db.updateTable('payment_orders').set({ status: 'capturing' }).where('id', '=', orderId).execute();

      await t.app.services.payments.reconcile();
      expect((await orderRow(t.app, orderId)).status).toBe('completed');
      expect(await sessionFeaturedUntil(t.app, artist)).not.toBeNull();
    });
  });

  describe('on a fixed clock', () => {
    const fixed = new Date('2026-03-10T09:00:00.000Z');
    const service = () =>
      createPaymentService({ db: t.app.ctx.db, config: t.app.ctx.config, rateLimits: t.app.ctx.rateLimits, credits, now: () => fixed });

    async function buyFeatured(viewer: SessionUser) {
      const payments = service();
      const { orderId, providerOrderId } = await payments.createOrder(viewer, { productType: 'featured_artist' }, 'en');
      await createTestProvider(t.app.ctx.db).decide(providerOrderId as string, 'approve');
      return payments.capture(viewer, { orderId: orderId as string, productType: 'featured_artist' }, 'en');
    }

    const setFeatured = (id: number, value: string | null) => t.app.ctx.db.updateTable('users').set({ featured_until: value }).where('id', '=', id).execute();

    it('extends from now, from a future end and from a past end', async () => {
      const artist = await createArtist(t.app);
      expect((await buyFeatured(artist.user)).featuredUntil).toBe('2026-03-24T09:00:00.000Z');

      await setFeatured(artist.user.id, '2026-04-01T00:00:00.000Z');
      expect((await buyFeatured(artist.user)).featuredUntil).toBe('2026-04-15T00:00:00.000Z');

      await setFeatured(artist.user.id, '2026-01-01T00:00:00.000Z');
      expect((await buyFeatured(artist.user)).featuredUntil).toBe('2026-03-24T09:00:00.000Z');
    });

    it('sells nothing without a provider: create-order 503, products not available', async () => {
      const artist = await createArtist(t.app);
      const payments = createPaymentService({ db: t.app.ctx.db, config: t.app.ctx.config, rateLimits: t.app.ctx.rateLimits, credits, provider: null });
      await expect(payments.createOrder(artist.user, { productType: 'featured_artist' }, 'de')).rejects.toMatchObject({ status: 503, code: 'paymentUnavailable' });
      const products = await payments.products(artist.user);
      expect(products.available).toBe(false);
      expect(products.provider).toBeNull();
      expect(products.products.every((p) => p.purchasable === false)).toBe(true);
    });
  });
});
