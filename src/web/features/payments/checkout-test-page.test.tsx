import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/schemas/session';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { definitionOf } from '../../test/queries';
import { renderPageAt } from '../../test/route-page';
import CheckoutTestPage from './checkout-test-page';
import { createTestOrder, mockApi, orderId } from './test-data';

const buyer = () => createSessionUser({ id: 3, name: 'Lena Hoffmann', username: 'Lena Ink' });

/** The page under its route (it reads the order id from the path), with the places a decision leads to. */
const render = (path: string, user: SessionUser | null = buyer()) =>
  renderPageAt('/checkout/test/:orderId', <CheckoutTestPage />, {
    path,
    namespaces: ['payments', 'receipts', 'errors'],
    session: user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null },
    routes: [
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/de/dashboard', element: <p>Dashboard (de)</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/Lena-Ink/posts/upsell/:id', element: <p>upsell page</p> },
    ],
  });

describe('test checkout page', () => {
  it('says no real money moves and shows product, amount and buyer, in German', async () => {
    const answer = createTestOrder();
    mockApi({ 'GET /api/payments/test-provider/orders/': () => jsonResponse(answer) });
    await render(`/de/checkout/test/${answer.order.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Testzahlung: Es fließt kein echtes Geld' })).toBeTruthy();
    expect(definitionOf('Produkt')).toBe('Featured-Künstler (14 Tage)');
    expect(definitionOf('Betrag')).toBe('19,90\u00a0€');
    expect(definitionOf('Käufer')).toBe('Lena Hoffmann');
    expect(screen.getByRole('button', { name: 'Zahlung bestätigen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zahlung ablehnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('approve posts the decision, loads the session anew and goes where the server says', async () => {
    const answer = createTestOrder();
    const id = answer.order.id;
    const calls = mockApi({
      'GET /api/payments/test-provider/orders/': () => jsonResponse(answer),
      'POST /api/payments/test-provider/orders/': () => jsonResponse({ success: true, status: 'completed', message: 'ok', redirectTo: '/de/dashboard?payment=success' }),
      'GET /api/auth/refresh-session': () => jsonResponse({ success: true, user: { ...buyer(), featuredUntil: '2026-12-24T12:00:00.000Z' } }),
    });
    const { router } = await render(`/de/checkout/test/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Zahlung bestätigen' }));
    expect(await screen.findByText('Dashboard (de)')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/de/dashboard?payment=success');
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: `/api/payments/test-provider/orders/${id}`, body: { action: 'approve' } });
    expect(calls.some((c) => c.url === '/api/auth/refresh-session')).toBe(true);
  });

  it('decline leads to the error result; cancel returns to the page the purchase began on', async () => {
    const answer = createTestOrder({ productType: 'instagram_reel', amountCents: 1490 });
    mockApi({
      'GET /api/payments/test-provider/orders/': () => jsonResponse(answer),
      'POST /api/payments/test-provider/orders/': (_url, body) =>
        (body as { action: string }).action === 'decline'
          ? jsonResponse({ success: false, status: 'failed', message: 'declined', redirectTo: '/dashboard?payment=error' })
          : jsonResponse({ success: true, status: 'cancelled', message: 'cancelled', redirectTo: '/Lena-Ink/posts/upsell/12' }),
    });
    const first = await render(`/checkout/test/${answer.order.id}`);
    expect(await screen.findByText('Reel promotion')).toBeTruthy();
    expect(screen.getByText('€14.90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Decline payment' }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(first.router.state.location.search).toBe('?payment=error');
    first.unmount();

    const second = await render(`/checkout/test/${answer.order.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('upsell page')).toBeTruthy();
    expect(second.router.state.location.search).toBe('');
  });

  it('an order decided already offers no buttons, only the way back', async () => {
    const answer = createTestOrder({ status: 'COMPLETED' });
    mockApi({ 'GET /api/payments/test-provider/orders/': () => jsonResponse(answer) });
    await render(`/checkout/test/${answer.order.id}`);
    expect(await screen.findByText('This payment has already been decided.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it("a decision the server refuses shows its reason and keeps the user here", async () => {
    const answer = createTestOrder();
    let decided = false;
    mockApi({
      'GET /api/payments/test-provider/orders/': () => jsonResponse(decided ? { ...answer, order: { ...answer.order, status: 'VOIDED' } } : answer),
      'POST /api/payments/test-provider/orders/': () => {
        decided = true;
        return jsonResponse({ success: false, message: 'This payment has been decided already.', error: 'This payment has been decided already.' }, 409);
      },
    });
    await render(`/checkout/test/${answer.order.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This payment has been decided already.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve payment' })).toBeNull());
  });

  it('an unknown order (404) shows the not-found screen', async () => {
    mockApi({ 'GET /api/payments/test-provider/orders/': () => jsonResponse({ error: 'There is no such order.' }, 404) });
    await render(`/checkout/test/${orderId()}`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends a visitor to log in and back', async () => {
    mockApi({});
    const id = orderId();
    const { router } = await render(`/checkout/test/${id}`, null);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/checkout/test/${id}`)}`);
  });
});
