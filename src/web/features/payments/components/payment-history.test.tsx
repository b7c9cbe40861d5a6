import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentHistoryAnswer, PaymentHistoryItem } from '../../../../common/schemas/payments';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { createHistoryItem, mockApi } from '../test-data';
import { PaymentHistory } from './payment-history';

const page = (payments: PaymentHistoryItem[], n = 1, hasMore = false): PaymentHistoryAnswer => ({ success: true, payments, message: '', page: n, hasMore });

const render = (path = '/dashboard') =>
  renderWithApp(<PaymentHistory />, { path, namespaces: ['payments', 'errors'], session: { state: 'loggedIn', user: createSessionUser() } });

const rows = () => within(screen.getByRole('list', { name: /Payment history|Zahlungsverlauf/ })).getAllByRole('listitem');

describe('payment history', () => {
  it('lists date, description, amount, status, the test mark and the receipt links, in German', async () => {
    const done = createHistoryItem({ description: 'Featured-Künstler (14 Tage)', createdAt: '2026-11-20T10:15:00.000Z' });
    const pending = createHistoryItem({ description: 'Reel-Promotion', amountCents: 1490, amount: 14.9, status: 'pending', receiptUrl: null, completedAt: null, test: true });
    const failed = createHistoryItem({ description: 'Story-Promotion', amountCents: 990, amount: 9.9, status: 'failed', receiptUrl: null, completedAt: null });
    mockApi({ 'GET /api/payments/history': () => jsonResponse(page([done, pending, failed])) });
    await render('/de/dashboard');
    await screen.findByText('Featured-Künstler (14 Tage)');
    const [first, second, third] = rows().map((row) => within(row));
    if (!first || !second || !third) throw new Error('three rows expected');

    expect(first.getByText('20.11.2026')).toBeTruthy();
    expect(first.getByText('19,90 €')).toBeTruthy();
    expect(first.getByText('Abgeschlossen')).toBeTruthy();
    const pdf = first.getByRole('link', { name: 'Rechnung für Featured-Künstler (14 Tage) vom 20.11.2026 als PDF herunterladen' });
    expect(pdf.getAttribute('href')).toBe(done.receiptUrl);
    expect(pdf.hasAttribute('download')).toBe(true);
    const print = first.getByRole('link', { name: 'Druckansicht der Rechnung für Featured-Künstler (14 Tage) vom 20.11.2026' });
    expect(print.getAttribute('href')).toBe(`/de/dashboard/payments/${done.id}/receipt`);
    expect(first.queryByText('Test')).toBeNull();

    // Pending is shown as processing; a test order is marked; no receipt before completion.
    expect(second.getByText('In Bearbeitung')).toBeTruthy();
    expect(second.getByText('14,90 €')).toBeTruthy();
    expect(second.getByText('Test')).toBeTruthy();
    expect(second.getByText('Testzahlung, es wurde nichts abgebucht')).toBeTruthy();
    expect(second.queryByRole('link')).toBeNull();

    expect(third.getByText('Fehlgeschlagen')).toBeTruthy();
    expect(third.queryByRole('link')).toBeNull();
  });

  it('loads 20 at a time, newest first as the server sends them, with "load more"', async () => {
    const first = Array.from({ length: 20 }, (_, i) => createHistoryItem({ description: `Order ${i + 1}` }));
    const older = createHistoryItem({ description: 'Order 21' });
    const calls = mockApi({
      'GET /api/payments/history': (url) => jsonResponse(url.endsWith('page=2') ? page([older], 2, false) : page(first, 1, true)),
    });
    await render();
    await screen.findByText('Order 1');
    expect(rows()).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more payments' }));
    await waitFor(() => expect(rows()).toHaveLength(21));
    expect(within(rows()[20] as HTMLElement).getByText('Order 21')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/payments/history?page=1', '/api/payments/history?page=2']);
    expect(screen.queryByRole('button', { name: 'Load more payments' })).toBeNull();
  });

  it('an empty history shows an info note', async () => {
    mockApi({ 'GET /api/payments/history': () => jsonResponse(page([])) });
    await render();
    expect(await screen.findByText('No payments yet. Your purchases and their receipts will appear here.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("a load failure shows the server's message", async () => {
    mockApi({ 'GET /api/payments/history': () => jsonResponse({ success: false, message: 'Die Zahlungen sind gerade nicht erreichbar.' }, 503) });
    await render();
    expect((await screen.findByRole('alert')).textContent).toContain('Die Zahlungen sind gerade nicht erreichbar.');
  });

  it('without a server message shows the try-again text, and retrying loads the list', async () => {
    let fail = true;
    mockApi({
      'GET /api/payments/history': () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(page([createHistoryItem({ description: 'Instagram reel' })]))),
    });
    await render();
    expect((await screen.findByRole('alert')).textContent).toContain('The payment history could not be loaded. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Instagram reel')).toBeTruthy();
  });
});
