import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogueProduct, LedgerRow } from '../../../../common/schemas/admin-money';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import PremiumScreen from './premium-screen';

const products: CatalogueProduct[] = [
  { productType: 'featured_artist', amountCents: 1990, currency: 'EUR', updatedAt: '2026-11-20T10:00:00.000Z' },
  { productType: 'instagram_story', amountCents: 990, currency: 'EUR', updatedAt: '2026-11-20T10:00:00.000Z' },
];

const payment = (overrides: Partial<LedgerRow> = {}): LedgerRow => ({
  id: '0b7c2d3e-1111-4222-8333-444455556666',
  productType: 'featured_artist',
  amountCents: 1990,
  currency: 'EUR',
  status: 'completed',
  provider: 'test',
  providerOrderId: 'T-1',
  receiptNumber: '2026-000001',
  receiptUrl: '/api/payments/0b7c2d3e-1111-4222-8333-444455556666/receipt.pdf',
  user: { id: 4, username: 'lena_ink', name: 'Lena' },
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: '2026-11-20T10:01:00.000Z',
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = (path = '/de/admin/premium') => renderWithApp(<PremiumScreen />, { path, namespaces: ['adminMoney', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

describe('premium management', () => {
  it('takes a German price as typed, confirms the change and sends cents', async () => {
    const calls = mockApi({
      'GET /api/admin/premium/catalogue': () => jsonResponse({ products }),
      'PUT /api/admin/premium/catalogue/featured_artist': (_url, body) =>
        jsonResponse({ product: { ...products[0], amountCents: (body as { amountCents: number }).amountCents } }),
      'GET /api/admin/premium/payments': () => jsonResponse({ payments: [], nextCursor: null }),
    });
    await render();
    const field = (await screen.findByLabelText('Neuer Preis für Featured-Künstler (€)')) as HTMLInputElement;
    expect(field.value).toBe('19,90');
    fireEvent.change(field, { target: { value: '24,50' } });
    fireEvent.click(within(field.closest('li') as HTMLElement).getByRole('button', { name: 'Preis speichern' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Der Preis ändert sich von 19,90\s€ auf 24,50\s€/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Preis speichern' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ amountCents: 2450 }));
  });

  it('refuses a price out of range before anything is sent', async () => {
    mockApi({
      'GET /api/admin/premium/catalogue': () => jsonResponse({ products }),
      'GET /api/admin/premium/payments': () => jsonResponse({ payments: [], nextCursor: null }),
    });
    await render('/admin/premium');
    const field = await screen.findByLabelText('New price for Instagram story (€)');
    fireEvent.change(field, { target: { value: '0.50' } });
    expect(screen.getByText(/Enter an amount between/)).toBeTruthy();
    expect((within(field.closest('li') as HTMLElement).getByRole('button', { name: 'Save price' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists payments with their receipt, filters them and links the CSV with the same filters', async () => {
    const calls = mockApi({
      'GET /api/admin/premium/catalogue': () => jsonResponse({ products }),
      'GET /api/admin/premium/payments': () => jsonResponse({ payments: [payment(), payment({ id: 'b', status: 'failed', receiptNumber: null, receiptUrl: null, user: null })], nextCursor: null }),
    });
    await render('/admin/premium');
    const receipt = await screen.findByRole('link', { name: '2026-000001' });
    expect(receipt.getAttribute('href')).toBe('/api/payments/0b7c2d3e-1111-4222-8333-444455556666/receipt.pdf');
    expect(screen.getByText('Deleted account')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    fireEvent.change(screen.getByLabelText('Search (name, email, order, receipt)'), { target: { value: 'lena' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/premium/payments?status=completed&q=lena'));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/premium/payments.csv?status=completed&q=lena');
  });

  it('grants featured days to a chosen account only after a reason is given', async () => {
    const calls = mockApi({
      'GET /api/admin/premium/catalogue': () => jsonResponse({ products }),
      'GET /api/admin/premium/payments': () => jsonResponse({ payments: [], nextCursor: null }),
      'GET /api/admin/users': () =>
        jsonResponse({ users: [{ id: 4, username: 'lena_ink', name: 'Lena', email: 'l@example.test', userType: 'artist', role: 'user', createdAt: '', lastActiveAt: null, suspension: null }], nextCursor: null }),
      'POST /api/admin/users/4/featured': () => jsonResponse({ success: true, userId: 4, featuredUntil: '2026-12-20T10:00:00.000Z' }),
    });
    await render('/admin/premium');
    fireEvent.change(await screen.findByLabelText('Find an account (username, name or email)'), { target: { value: 'lena' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Lena (@lena_ink)' }));
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Include the package’s feed post and story'));
    fireEvent.click(screen.getByRole('button', { name: 'Grant featured days' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/is featured for 30 more days and gets one feed post and one story credit/)).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Grant featured days' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Competition prize' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ days: 30, reason: 'Competition prize', includePromotions: true }));
  });
});
