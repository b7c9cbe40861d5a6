import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../common/schemas/session';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { createProducts, mockApi, orderId } from '../test-data';
import { PremiumSection } from './premium-section';

// PayPal's real buttons live in an iframe from PayPal's servers; this stand-in offers the same
// three outcomes and shows which order the buttons were handed.
vi.mock('./paypal-buttons', () => ({
  default: (props: { clientId: string; providerOrderId: string; onApprove: () => Promise<void>; onCancel: () => void; onError: () => void }) => (
    <div data-testid="paypal">
      <p>
        PayPal {props.clientId} {props.providerOrderId}
      </p>
      <button type="button" onClick={() => void props.onApprove()}>
        paypal approve
      </button>
      <button type="button" onClick={props.onCancel}>
        paypal cancel
      </button>
      <button type="button" onClick={props.onError}>
        paypal error
      </button>
    </div>
  ),
}));

const FUTURE = '2026-12-24T12:00:00.000Z';

// The dashboard tells the section whether the profile has a picture; undefined while it loads.
const render = (user: SessionUser, path = '/de/dashboard', picture: { has: boolean | undefined } = { has: true }) =>
  renderWithApp(<PremiumSection hasPicture={picture.has} />, {
    path,
    namespaces: ['payments', 'receipts', 'errors'],
    session: { state: 'loggedIn', user },
    routes: [
      { path: '/checkout/test/:orderId', element: <p>test checkout</p> },
      { path: '/de/checkout/test/:orderId', element: <p>test checkout</p> },
    ],
  });

const featuredBox = () => screen.getByRole('heading', { level: 3, name: /Featured-Künstler|Featured-Studio|Featured artist|Featured studio/ }).parentElement as HTMLElement;
const addOns = (name = 'Zusätzliche Promotions') => screen.getByRole('heading', { level: 3, name }).parentElement as HTMLElement;

describe('premium section', () => {
  it("offers an artist the artist's featured package with the price in German and the add-ons with credits", async () => {
    mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts()) });
    await render(createSessionUser({ userType: 'artist', featuredUntil: null }));
    expect(await screen.findByRole('heading', { name: 'Premium-Funktionen' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Featured-Künstler (14 Tage)' });
    const box = within(featuredBox());
    expect(box.getByRole('heading', { name: 'Featured-Künstler (14 Tage)' })).toBeTruthy();
    expect(box.getByText('19,90 €')).toBeTruthy();
    expect(box.getByText('14 Tage mehr Sichtbarkeit')).toBeTruthy();
    expect(box.getByText('Ein Feed-Beitrag auf unserem Instagram-Kanal')).toBeTruthy();
    expect(box.getByText('Eine Story auf unserem Instagram-Kanal')).toBeTruthy();
    expect(box.getByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' })).toBeTruthy();
    const extras = within(addOns());
    expect(extras.getByRole('button', { name: 'Feed-Promotion für 9,90\u00a0€ kaufen' })).toBeTruthy();
    expect(extras.getByRole('button', { name: 'Story-Promotion für 9,90\u00a0€ kaufen' })).toBeTruthy();
    expect(extras.getByRole('button', { name: 'Reel-Promotion für 14,90\u00a0€ kaufen' })).toBeTruthy();
    expect(extras.getByText('Guthaben: 2')).toBeTruthy();
    expect(screen.getByText(/Testbetrieb: Käufe führen auf eine Testzahlungsseite/)).toBeTruthy();
  });

  it('offers a studio the studio package', async () => {
    mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts({}, 'studio')) });
    await render(createSessionUser({ userType: 'studio', featuredUntil: null }), '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Featured studio (14 days)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Featured artist (14 days)' })).toBeNull();
    expect(within(featuredBox()).getByRole('button', { name: 'Become featured for €19.90' })).toBeTruthy();
  });

  it("while featured shows 'active until' in the language's date format instead of the buy button, and the add-ons stay on sale", async () => {
    mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts()) });
    await render(createSessionUser({ userType: 'artist', featuredUntil: FUTURE }));
    await screen.findByRole('heading', { name: 'Featured-Künstler (14 Tage)' });
    const box = within(featuredBox());
    expect(box.getByText('Aktiv bis 24.12.2026')).toBeTruthy();
    expect(box.queryByRole('button')).toBeNull();
    const reel = within(addOns()).getByRole('button', { name: 'Reel-Promotion für 14,90\u00a0€ kaufen' }) as HTMLButtonElement;
    expect(reel.disabled).toBe(false);
  });

  it('an ended featured status offers the package again', async () => {
    mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts()) });
    await render(createSessionUser({ featuredUntil: '2026-01-01T00:00:00.000Z' }), '/dashboard');
    await screen.findByRole('heading', { name: 'Featured artist (14 days)' });
    expect(within(featuredBox()).getByRole('button', { name: 'Become featured for €19.90' })).toBeTruthy();
    expect(screen.queryByText(/Active until/)).toBeNull();
  });

  it('says plainly that nothing can be bought when the server sells nothing', async () => {
    mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts({ available: false, provider: null })) });
    await render(createSessionUser(), '/dashboard');
    expect(await screen.findByText('Purchases are not possible right now. Please try again later.')).toBeTruthy();
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Test mode/)).toBeNull();
  });

  it('with the test provider creates the order with this page as the way back and opens the approval page', async () => {
    const id = orderId();
    const calls = mockApi({
      'GET /api/payments/products': () => jsonResponse(createProducts()),
      'POST /api/payments/create-order': () =>
        jsonResponse({ success: true, orderId: id, providerOrderId: `TEST-${id}`, approveUrl: `/de/checkout/test/${id}`, message: 'Bestellung angelegt.' }, 201),
    });
    const { router } = await render(createSessionUser({ featuredUntil: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' }));
    expect(await screen.findByText('test checkout')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/de/checkout/test/${id}`);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/payments/create-order', body: { productType: 'featured_artist', returnPath: '/de/dashboard' } },
    ]);
  });

  describe('without a picture (the featured lists skip such profiles)', () => {
    const orderApi = () => {
      const id = orderId();
      return mockApi({
        'GET /api/payments/products': () => jsonResponse(createProducts()),
        'POST /api/payments/create-order': () =>
          jsonResponse({ success: true, orderId: id, providerOrderId: `TEST-${id}`, approveUrl: `/de/checkout/test/${id}`, message: 'ok' }, 201),
      });
    };

    it('says so, with a link to add a picture, before any order is created', async () => {
      const calls = orderApi();
      await render(createSessionUser({ username: 'Lena Ink', featuredUntil: null }), '/de/dashboard', { has: false });
      fireEvent.click(await screen.findByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' }));
      const note = await screen.findByRole('alert');
      expect(note.textContent).toContain('Featured-Listen zeigen nur Profile mit Bild, und deins hat noch keins.');
      expect(within(note).getByRole('link', { name: 'Bild hinzufügen' }).getAttribute('href')).toBe('/de/Lena-Ink?edit=true');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      // "Not now" closes the note and still creates nothing.
      fireEvent.click(within(note).getByRole('button', { name: 'Jetzt nicht' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });

    it('buys only when the buyer chooses to anyway', async () => {
      const calls = orderApi();
      await render(createSessionUser({ featuredUntil: null }), '/de/dashboard', { has: false });
      fireEvent.click(await screen.findByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Trotzdem für 19,90\u00a0€ kaufen' }));
      expect(await screen.findByText('test checkout')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/payments/create-order']);
    });

    it('while the profile loads, the session avatar decides; promotions need no picture', async () => {
      const calls = orderApi();
      await render(createSessionUser({ avatar: null, featuredUntil: null }), '/de/dashboard', { has: undefined });
      fireEvent.click(await screen.findByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Featured-Listen zeigen nur Profile mit Bild');
      fireEvent.click(screen.getByRole('button', { name: 'Reel-Promotion für 14,90\u00a0€ kaufen' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ productType: 'instagram_reel', returnPath: '/de/dashboard' }]));
    });

    it('once bought, says the featured place is not showing and where to add a picture', async () => {
      mockApi({ 'GET /api/payments/products': () => jsonResponse(createProducts()) });
      await render(createSessionUser({ username: 'Lena Ink', featuredUntil: FUTURE }), '/dashboard', { has: false });
      const note = await screen.findByRole('alert');
      expect(note.textContent).toContain('Your featured place is not showing');
      expect(within(note).getByRole('link', { name: 'Add a picture' }).getAttribute('href')).toBe('/Lena-Ink?edit=true');
    });
  });

  it("shows the server's reason when the order cannot be created, and lets the user try again", async () => {
    mockApi({
      'GET /api/payments/products': () => jsonResponse(createProducts()),
      'POST /api/payments/create-order': () =>
        jsonResponse({ success: false, message: 'Die Bestellung konnte nicht erstellt werden. Bitte versuche es später erneut.', error: 'x' }, 502),
    });
    await render(createSessionUser({ featuredUntil: null }));
    const buy = await screen.findByRole('button', { name: 'Reel-Promotion für 14,90\u00a0€ kaufen' });
    fireEvent.click(buy);
    expect((await screen.findByRole('alert')).textContent).toContain('Die Bestellung konnte nicht erstellt werden. Bitte versuche es später erneut.');
    expect((buy as HTMLButtonElement).disabled).toBe(false);
  });

  it('falls back to its own text when no answer came', async () => {
    mockApi({
      'GET /api/payments/products': () => jsonResponse(createProducts()),
      'POST /api/payments/create-order': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await render(createSessionUser({ featuredUntil: null }), '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The order could not be created. Please try again later.');
  });

  describe('with PayPal', () => {
    const paypal = (capture: () => Response) => {
      const id = orderId();
      const calls = mockApi({
        'GET /api/payments/products': () => jsonResponse(createProducts({ provider: 'paypal' })),
        'GET /api/config/paypal': () => jsonResponse({ clientId: 'sb-client', provider: 'paypal', currency: 'EUR', intent: 'capture' }),
        'POST /api/payments/create-order': () => jsonResponse({ success: true, orderId: id, providerOrderId: '5O190127TN364715T', message: 'ok' }, 201),
        'POST /api/payments/capture-order': capture,
        'GET /api/auth/refresh-session': () => jsonResponse({ success: true, user: createSessionUser({ id: 1, featuredUntil: FUTURE }) }),
      });
      return { id, calls };
    };

    it("shows PayPal's buttons for the provider's order, captures OUR order on approval, shows the success text and refreshes the session", async () => {
      const { id, calls } = paypal(() => jsonResponse({ success: true, status: 'completed', message: 'ok', featuredUntil: FUTURE }));
      await render(createSessionUser({ id: 1, featuredUntil: null }));
      fireEvent.click(await screen.findByRole('button', { name: 'Für 19,90\u00a0€ Featured werden' }));
      const buttons = within(await screen.findByTestId('paypal'));
      expect(buttons.getByText('PayPal sb-client 5O190127TN364715T')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Featured-Künstler (14 Tage) bezahlen (19,90\u00a0€)' })).toBeTruthy();
      // While the buttons are open, no second purchase can start.
      expect((screen.getByRole('button', { name: 'Reel-Promotion für 14,90\u00a0€ kaufen' }) as HTMLButtonElement).disabled).toBe(true);

      fireEvent.click(buttons.getByRole('button', { name: 'paypal approve' }));
      expect(await screen.findByText('Deine Zahlung wurde erfolgreich abgeschlossen! Dein Featured-Status ist jetzt aktiv.')).toBeTruthy();
      expect(calls.find((c) => c.url === '/api/payments/capture-order')?.body).toEqual({ orderId: id, productType: 'featured_artist' });
      expect(screen.queryByTestId('paypal')).toBeNull();
      await waitFor(() => expect(within(featuredBox()).getByText('Aktiv bis 24.12.2026')).toBeTruthy());
      expect(calls.some((c) => c.url === '/api/auth/refresh-session')).toBe(true);
      // The catalogue (credits) is read again after the purchase.
      expect(calls.filter((c) => c.url === '/api/payments/products').length).toBe(2);
    });

    it('a promotion purchase names the promotion, not a featured status', async () => {
      paypal(() => jsonResponse({ success: true, status: 'completed', message: 'ok', featuredUntil: null }));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Buy Story promotion for €9.90' }));
      fireEvent.click(await screen.findByRole('button', { name: 'paypal approve' }));
      expect(await screen.findByText('Your story promotion is booked: plan a post to use it.')).toBeTruthy();
      expect(screen.queryByText(/featured status/i)).toBeNull();
    });

    it('a pending capture shows that the payment is being processed', async () => {
      const { calls } = paypal(() => jsonResponse({ success: true, status: 'pending', message: 'pending', featuredUntil: null }));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
      fireEvent.click(await screen.findByRole('button', { name: 'paypal approve' }));
      expect(await screen.findByText(/Your payment is being processed/)).toBeTruthy();
      expect(calls.some((c) => c.url === '/api/auth/refresh-session')).toBe(false);
    });

    it("a declined capture shows the server's capture text", async () => {
      paypal(() => jsonResponse({ success: false, status: 'failed', message: 'The payment could not be completed. Please try again later or contact support.', error: 'x' }, 402));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
      fireEvent.click(await screen.findByRole('button', { name: 'paypal approve' }));
      expect((await screen.findByRole('alert')).textContent).toContain('The payment could not be completed. Please try again later or contact support.');
      expect(screen.queryByTestId('paypal')).toBeNull();
    });

    it('cancel hides the buttons and forgets the order; the buy button works again', async () => {
      const { calls } = paypal(() => jsonResponse({}));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
      fireEvent.click(await screen.findByRole('button', { name: 'paypal cancel' }));
      await waitFor(() => expect(screen.queryByTestId('paypal')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
      expect((screen.getByRole('button', { name: 'Become featured for €19.90' }) as HTMLButtonElement).disabled).toBe(false);
      expect(calls.some((c) => c.url === '/api/payments/capture-order')).toBe(false);
    });

    it('our own cancel button does the same', async () => {
      paypal(() => jsonResponse({}));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
      await screen.findByTestId('paypal');
      fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
      await waitFor(() => expect(screen.queryByTestId('paypal')).toBeNull());
    });

    it("an error in PayPal's buttons hides them and shows the provider error", async () => {
      paypal(() => jsonResponse({}));
      await render(createSessionUser({ id: 1, featuredUntil: null }), '/dashboard');
      fireEvent.click(await screen.findByRole('button', { name: 'Become featured for €19.90' }));
      fireEvent.click(await screen.findByRole('button', { name: 'paypal error' }));
      expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while processing the payment.');
      expect(screen.queryByTestId('paypal')).toBeNull();
    });
  });
});
