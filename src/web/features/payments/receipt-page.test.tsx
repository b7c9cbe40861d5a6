import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { definitionOf } from '../../test/queries';
import { renderPageAt } from '../../test/route-page';
import ReceiptPage from './receipt-page';
import { createReceipt, mockApi, orderId } from './test-data';

const render = (path: string) =>
  renderPageAt('/dashboard/payments/:id/receipt', <ReceiptPage />, {
    path,
    namespaces: ['payments', 'receipts', 'errors'],
    session: { state: 'loggedIn', user: createSessionUser() },
  });

describe('printable receipt', () => {
  it('lays the receipt out as an invoice in German: number, date, seller, buyer, product, gross, VAT, provider and order id', async () => {
    const receipt = createReceipt();
    const calls = mockApi({ 'GET /api/payments/': () => jsonResponse({ success: true, receipt }) });
    await render(`/de/dashboard/payments/${receipt.id}/receipt`);
    const invoice = within(await screen.findByRole('article', { name: 'Rechnung' }));
    expect(calls[0]?.url).toBe(`/api/payments/${receipt.id}/receipt`);
    expect(definitionOf('Rechnungsnummer')).toBe('2026-000042');
    expect(definitionOf('Rechnungsdatum')).toBe('20.11.2026');
    expect(invoice.getByText('Nadelwerk Plattform GmbH')).toBeTruthy();
    expect(invoice.getByText('USt-IdNr.: DE123456789')).toBeTruthy();
    expect(invoice.getByText('Łucja Żółć')).toBeTruthy();
    expect(invoice.getByText('lucja@example.com')).toBeTruthy();
    expect(invoice.getByRole('cell', { name: 'Featured-Künstler (14 Tage)' })).toBeTruthy();
    expect(invoice.getAllByText('19,90 €')).toHaveLength(2);
    expect(invoice.getByText('Darin enthalten 19 % USt.: 3,18 €')).toBeTruthy();
    expect(definitionOf('Bezahlt mit')).toBe('PayPal');
    expect(definitionOf('Bestellnummer beim Zahlungsdienst')).toBe('5O190127TN364715T');
    expect(invoice.queryByText('TEST: keine Zahlung erfolgt')).toBeNull();
  });

  it('marks a test order with the watermark and in the text', async () => {
    const receipt = createReceipt({ test: true, provider: 'test', language: 'en' });
    mockApi({ 'GET /api/payments/': () => jsonResponse({ success: true, receipt }) });
    const { container } = await render(`/dashboard/payments/${receipt.id}/receipt`);
    const invoice = within(await screen.findByRole('article', { name: 'Receipt' }));
    expect(invoice.getByText('TEST: no payment made')).toBeTruthy();
    expect(container.querySelector('[data-watermark="TEST: no payment made"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(definitionOf('Paid with')).toBe('Test provider (no real payment)');
    expect(invoice.getByText('Includes 19% VAT: €3.18')).toBeTruthy();
  });

  it('prints with the button, links the PDF, and keeps the site chrome off the paper', async () => {
    const receipt = createReceipt();
    mockApi({ 'GET /api/payments/': () => jsonResponse({ success: true, receipt }) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { container } = await render(`/dashboard/payments/${receipt.id}/receipt`);
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/payments/${receipt.id}/receipt.pdf`);
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toContain('@media print');
    expect(css).toMatch(/header:not\(#payment-receipt \*\), footer:not\(#payment-receipt \*\), nav:not\(#payment-receipt \*\), \[data-print-hide\] \{ display: none/);
    expect(pdf.closest('[data-print-hide]')).not.toBeNull();
  });

  it('a receipt that does not exist or is not the viewer’s (404) shows the not-found screen', async () => {
    mockApi({ 'GET /api/payments/': () => jsonResponse({ error: 'There is no receipt for this payment.' }, 404) });
    await render(`/dashboard/payments/${orderId()}/receipt`);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('another failure says the receipt could not be loaded', async () => {
    mockApi({ 'GET /api/payments/': () => jsonResponse({ error: 'boom' }, 500) });
    await render(`/dashboard/payments/${orderId()}/receipt`);
    expect(await screen.findByText('The receipt could not be loaded. Please try again later.')).toBeTruthy();
  });
});
