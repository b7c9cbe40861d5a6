import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist } from '../../test/factories';
import { credits } from '../instagram/index';
import { createTestProvider } from './providers/test-provider';
import { decideTestOrder, orderRow, paymentCall, sessionFeaturedUntil, startOrder } from './testing';

const PARALLEL = 50;
const DAY_MS = 86_400_000;

describeEachEngine('payments under concurrency', (engine) => {
  const t = useTestApp(engine);

  it(`completes an order once when ${PARALLEL} captures arrive at once: one entitlement, one receipt number`, async () => {
    const artist = await createArtist(t.app);
    const orderId = await startOrder(t.app, artist, 'featured_artist');
    await createTestProvider(t.app.ctx.db).decide((await orderRow(t.app, orderId)).provider_order_id as string, 'approve');
    const before = Date.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: artist, payload: { orderId, productType: 'featured_artist' } })),
    );
    const after = Date.now();
    expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const featuredUntil = await sessionFeaturedUntil(t.app, artist);
    // Every answer is the same completed purchase.
    expect(new Set(answers.map((r) => JSON.stringify(r.json())))).toEqual(
      new Set([JSON.stringify({ success: true, status: 'completed', message: 'Your payment has been completed successfully.', featuredUntil })]),
    );
    // 14 days from the moment of the one completion, not 28 or more.
    expect(Date.parse(featuredUntil as string)).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(Date.parse(featuredUntil as string)).toBeLessThanOrEqual(after + 14 * DAY_MS);
    expect(await credits.creditBalances(t.app.ctx.db, artist.user.id)).toEqual({ instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 });
    const row = await orderRow(t.app, orderId);
    expect(row.status).toBe('completed');
    expect(row.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    const year = Number(row.receipt_number?.slice(0, 4));
    const counter = await t.app.ctx.db.selectFrom('receipt_counters').select('last_number').where('year', '=', year).executeTakeFirstOrThrow();
    // One number was taken for this order; the counter sits on it.
    expect(counter.last_number).toBe(Number(row.receipt_number?.slice(5)));
  });

  it(`lets one of ${PARALLEL} parallel decisions on the test page through, and completes once`, async () => {
    const artist = await createArtist(t.app);
    const orderId = await startOrder(t.app, artist, 'instagram_reel');
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => decideTestOrder(t.app, artist, orderId, i % 2 ? 'approve' : 'decline')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 1);
    const winner = answers.find((r) => r.statusCode === 200)?.json();
    const row = await orderRow(t.app, orderId);
    const reels = (await credits.creditBalances(t.app.ctx.db, artist.user.id)).instagram_reel;
    if (winner.status === 'completed') {
      expect(row.status).toBe('completed');
      expect(reels).toBe(1);
    } else {
      expect(row.status).toBe('failed');
      expect(reels).toBe(0);
    }
  });

  it(`runs ${PARALLEL} reconcilers at once over approved orders and applies each once`, async () => {
    const artist = await createArtist(t.app);
    const books = createTestProvider(t.app.ctx.db);
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const orderId = await startOrder(t.app, artist, 'instagram_feed_post');
      await books.decide((await orderRow(t.app, orderId)).provider_order_id as string, 'approve');
      orders.push(orderId);
    }
    await Promise.all(Array.from({ length: PARALLEL }, () => t.app.services.payments.reconcile()));
    for (const orderId of orders) expect((await orderRow(t.app, orderId)).status).toBe('completed');
    expect((await credits.creditBalances(t.app.ctx.db, artist.user.id)).instagram_feed_post).toBe(3);
  });
});
