import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { startPaypalFake, type PaypalFake } from '../../test/paypal-fake';
import { credits } from '../instagram/index';
import { orderState } from './providers/paypal';
import { orderRow, paymentCall, sessionFeaturedUntil, startOrder } from './testing';

const WEBHOOK_ID = 'WH-TEST-4711';

describe('orderState', () => {
  it("reads the order's status, and the capture's once captured", () => {
    expect(orderState({ id: 'X', status: 'PAYER_ACTION_REQUIRED' })).toEqual({ state: 'created' });
    expect(orderState({ id: 'X', status: 'APPROVED' })).toEqual({ state: 'approved' });
    const captured = (status: string) => ({ id: 'X', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'C', status, amount: { currency_code: 'EUR', value: '19.90' } }] } }] });
    expect(orderState(captured('COMPLETED'))).toEqual({ state: 'completed', captureId: 'C', amount: { value: '19.90', currency: 'EUR' } });
    expect(orderState(captured('PENDING'))).toMatchObject({ state: 'pending', captureId: 'C' });
    expect(orderState(captured('DECLINED'))).toEqual({ state: 'declined', reason: 'DECLINED' });
  });
});

describeEachEngine('payments with PayPal (against a local fake of its API)', (engine) => {
  let fake: PaypalFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startPaypalFake();
    t = await createTestApp(engine, {
      PAYPAL_CLIENT_ID: 'client-id-sandbox',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_API_BASE: fake.url,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.captureOutcome = 'COMPLETED';
    fake.verification = 'SUCCESS';
    fake.captureAmount = null;
  });

  const capture = (buyer: TestUser, orderId: string, productType = 'featured_artist') =>
    paymentCall(t.app, 'POST', '/api/payments/capture-order', { as: buyer, payload: { orderId, productType } });

  /** A purchase up to the buyer's approval in PayPal's window. */
  async function approvedOrder(buyer: TestUser, productType: 'featured_artist' | 'featured_studio' | 'instagram_reel' = 'featured_artist') {
    const orderId = await startOrder(t.app, buyer, productType);
    const providerOrderId = (await orderRow(t.app, orderId)).provider_order_id as string;
    fake.approve(providerOrderId);
    return { orderId, providerOrderId };
  }

  /** An artist's approved purchase, captured with PayPal answering `outcome`. */
  async function captureWith(outcome: PaypalFake['captureOutcome']) {
    const artist = await createArtist(t.app);
    const { orderId, providerOrderId } = await approvedOrder(artist);
    fake.captureOutcome = outcome;
    const res = await capture(artist, orderId);
    return { artist, orderId, providerOrderId, res };
  }

  function webhook(event: Record<string, unknown>, headers: Record<string, string> = signedHeaders()) {
    return t.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(event) });
  }

  function signedHeaders(): Record<string, string> {
    return {
      'paypal-transmission-id': 'b5e7f3a0-1f2b-11ef-9f2d-0b5f3c6a7e11',
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': 'c2lnbmF0dXJl',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  const captureEvent = (eventId: string, type: string, orderId: string, providerOrderId: string, value = '19.90') => ({
    id: eventId,
    event_type: type,
    resource: {
      id: `CAP-${eventId}`,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      custom_id: orderId,
      amount: { currency_code: 'EUR', value },
      supplementary_data: { related_ids: { order_id: providerOrderId } },
    },
  });

  it('answers the config with the client id and no secret, and admits PayPal in the content security policy', async () => {
    const res = await paymentCall(t.app, 'GET', '/api/config/paypal');
    expect(res.json()).toEqual({ clientId: 'client-id-sandbox', provider: 'paypal', currency: 'EUR', intent: 'capture' });
    expect(res.body).not.toContain('client-secret');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('https://www.paypal.com');
    expect(csp).toContain('https://*.paypalobjects.com');
    expect(csp).toMatch(/frame-src[^;]*paypal/);
    expect((await paymentCall(t.app, 'GET', '/api/payments/products')).json()).toMatchObject({ available: true, provider: 'paypal' });
  });

  it('creates the order at PayPal with intent CAPTURE, "19.90" EUR, our UUID as custom id and request id; no approveUrl', async () => {
    const artist = await createArtist(t.app);
    const res = await paymentCall(t.app, 'POST', '/api/payments/create-order', { as: artist, payload: { productType: 'featured_artist' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.approveUrl).toBeUndefined();
    const order = fake.orderFor(body.orderId);
    expect(order?.amount).toEqual({ currency_code: 'EUR', value: '19.90' });
    expect(body.providerOrderId).toBe(order?.id);
    const created = fake.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1);
    expect(created?.headers['paypal-request-id']).toBe(body.orderId);
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ custom_id: body.orderId, amount: { currency_code: 'EUR', value: '19.90' } }] });
    expect((await orderRow(t.app, body.orderId)).provider_order_id).toBe(order?.id);
  });

  it('captures with its own request id once approved, keeps the token, and answers a repeat the same', async () => {
    const studio = await createStudio(t.app);
    const tokensBefore = fake.tokensIssued;
    const { orderId } = await approvedOrder(studio, 'featured_studio');
    const first = await capture(studio, orderId, 'featured_studio');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, status: 'completed' });
    expect(first.json().featuredUntil).toBe(await sessionFeaturedUntil(t.app, studio));
    const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
    expect(captures.at(-1)?.headers['paypal-request-id']).toBe(`${orderId}-capture`);
    const second = await capture(studio, orderId, 'featured_studio');
    expect(second.json()).toEqual(first.json());
    expect(await credits.creditBalances(t.app.ctx.db, studio.user.id)).toMatchObject({ instagram_feed_post: 1, instagram_story: 1 });
    // The token from the first call of this app serves every later one.
    expect(fake.tokensIssued - tokensBefore).toBeLessThanOrEqual(1);
    expect((await orderRow(t.app, orderId)).receipt_number).toMatch(/^\d{4}-\d{6}$/);
  });

  it('answers 409 before approval and leaves the order open', async () => {
    const artist = await createArtist(t.app);
    const orderId = await startOrder(t.app, artist, 'featured_artist');
    const res = await capture(artist, orderId);
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t.app, orderId)).status).toBe('created');
  });

  it('fails a declined capture with 402 and grants nothing', async () => {
    const { artist, orderId, res } = await captureWith('DECLINED');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, message: 'The payment could not be completed. Please try again later or contact support.' });
    expect((await orderRow(t.app, orderId)).status).toBe('failed');
    expect(await sessionFeaturedUntil(t.app, artist)).toBeNull();
  });

  it('fails a capture of another amount than ours', async () => {
    const artist = await createArtist(t.app);
    const { orderId } = await approvedOrder(artist);
    fake.captureAmount = { currency_code: 'EUR', value: '0.99' };
    expect((await capture(artist, orderId)).statusCode).toBe(402);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'failed', failure: 'AMOUNT_MISMATCH' });
    expect(await sessionFeaturedUntil(t.app, artist)).toBeNull();
  });

  it('reads back an order PayPal calls already captured and completes it', async () => {
    const { artist, res } = await captureWith('ALREADY_CAPTURED');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('completed');
    expect(await sessionFeaturedUntil(t.app, artist)).not.toBeNull();
  });

  it('leaves an unreachable capture to the reconciler (502), which completes it later', async () => {
    const { artist, orderId, res } = await captureWith('UNAVAILABLE');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, message: 'An error occurred while processing the payment.' });
    expect((await orderRow(t.app, orderId)).status).toBe('capturing');
    fake.captureOutcome = 'COMPLETED';
    await t.app.services.payments.reconcile();
    expect((await orderRow(t.app, orderId)).status).toBe('completed');
    expect(await sessionFeaturedUntil(t.app, artist)).not.toBeNull();
  });

  it('holds a PENDING capture until the verified webhook completes it, once per event id', async () => {
    const { artist, orderId, providerOrderId, res } = await captureWith('PENDING');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'pending', featuredUntil: null });
    expect((await orderRow(t.app, orderId)).status).toBe('pending');

    fake.settlePending(providerOrderId);
    const event = captureEvent(`WH-${orderId}`, 'PAYMENT.CAPTURE.COMPLETED', orderId, providerOrderId);
    const hook = await webhook(event);
    expect(hook.statusCode).toBe(200);
    expect((await orderRow(t.app, orderId)).status).toBe('completed');
    const featuredUntil = await sessionFeaturedUntil(t.app, artist);
    expect(featuredUntil).not.toBeNull();
    // The verification went to PayPal with our webhook id and the event as it arrived.
    const verification = fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1);
    expect(verification?.body).toContain(`"webhook_id":"${WEBHOOK_ID}"`);
    expect(verification?.body).toContain(`"webhook_event":${JSON.stringify(event)}`);

    expect((await webhook(event)).statusCode).toBe(200);
    expect(await sessionFeaturedUntil(t.app, artist)).toBe(featuredUntil);
    expect(await credits.creditBalances(t.app.ctx.db, artist.user.id)).toMatchObject({ instagram_feed_post: 1, instagram_story: 1 });
    expect((await capture(artist, orderId)).json()).toMatchObject({ status: 'completed', featuredUntil });
  });

  it('fails a pending order on PAYMENT.CAPTURE.DENIED', async () => {
    const { orderId, providerOrderId } = await captureWith('PENDING');
    expect((await webhook(captureEvent(`WH-D-${orderId}`, 'PAYMENT.CAPTURE.DENIED', orderId, providerOrderId))).statusCode).toBe(200);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'failed', failure: 'DENIED' });
  });

  it('refuses a forged or unsigned webhook (400) before changing anything', async () => {
    const { orderId, providerOrderId } = await captureWith('PENDING');
    const event = captureEvent(`WH-F-${orderId}`, 'PAYMENT.CAPTURE.COMPLETED', orderId, providerOrderId);

    fake.verification = 'FAILURE';
    const forged = await webhook(event);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, code: 'paymentWebhookInvalid' });
    fake.verification = 'SUCCESS';
    const unsigned = await webhook(event, {});
    expect(unsigned.statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', headers: { 'content-type': 'application/json', ...signedHeaders() }, payload: '{"id":' });
    expect(notJson.statusCode).toBe(400);
    expect((await orderRow(t.app, orderId)).status).toBe('pending');
    const seen = await t.app.ctx.db.selectFrom('payment_webhook_events').select('event_id').where('event_id', '=', event.id).execute();
    expect(seen).toEqual([]);
  });

  it('takes the webhook from another site without a session or origin check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paypal',
      headers: { 'content-type': 'application/json', origin: 'https://notify.paypal.com', 'sec-fetch-site': 'cross-site', ...signedHeaders() },
      payload: JSON.stringify({ id: 'WH-OTHER-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });
});
