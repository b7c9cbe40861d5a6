import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeaturedEntry } from '../../../../common/schemas/admin-money';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import FeaturedScreen from './featured-screen';

const DAY = 86_400_000;
const entry = (overrides: Partial<FeaturedEntry> = {}): FeaturedEntry => ({
  user: { id: 4, username: 'lena_ink', name: 'Lena', userType: 'artist' },
  featuredUntil: new Date(Date.now() + 2 * DAY).toISOString(),
  daysLeft: 2,
  endingSoon: true,
  periods: [{ id: 1, source: 'admin', orderId: null, startsAt: '2026-11-20T10:00:00.000Z', endsAt: '2026-12-01T10:00:00.000Z', revokedAt: null, reason: 'Prize' }],
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = () => renderWithApp(<FeaturedScreen />, { path: '/admin/featured', namespaces: ['adminMoney', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });
const home = { artists: [{ id: 4, username: 'lena_ink', name: 'Lena' }], studios: [] };

describe('featured entries', () => {
  it('shows days left, flags the ones ending soon and previews the home page', async () => {
    const calls = mockApi({
      'GET /api/admin/featured': (url) =>
        jsonResponse({ entries: url.includes('ended') ? [] : [entry(), entry({ user: { id: 5, username: 'ink_house', name: 'Ink House', userType: 'studio' }, daysLeft: 20, endingSoon: false, periods: [] })], nextCursor: null, home }),
    });
    await render();
    const lena = within((await screen.findByText('Lena (@lena_ink)', { selector: 'p' })).closest('li') as HTMLElement);
    expect(lena.getByText('Ending soon')).toBeTruthy();
    expect(lena.getByText('· 2 days left')).toBeTruthy();
    expect(lena.getByText('Last: given by an admin: Prize')).toBeTruthy();
    const studio = within(screen.getByText('Ink House (@ink_house)', { selector: 'p' }).closest('li') as HTMLElement);
    expect(studio.queryByText('Ending soon')).toBeNull();
    expect(within(screen.getByRole('heading', { name: 'On the home page now' }).parentElement as HTMLElement).getByText('Lena (@lena_ink)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ended' }));
    expect(await screen.findByText('Nobody here.')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/admin/featured?status=ended');
  });

  it('extends and revokes inline after a confirmation with a reason', async () => {
    const calls = mockApi({
      'GET /api/admin/featured': () => jsonResponse({ entries: [entry()], nextCursor: null, home }),
      'POST /api/admin/users/4/featured/revoke': () => jsonResponse({ success: true, userId: 4, featuredUntil: new Date().toISOString() }),
      'POST /api/admin/users/4/featured': () => jsonResponse({ success: true, userId: 4, featuredUntil: new Date(Date.now() + 9 * DAY).toISOString() }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Extend' }));
    let dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Days'), { target: { value: '7' } });
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Downtime' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/admin/users/4/featured')?.body).toEqual({ days: 7, reason: 'Downtime', includePromotions: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'End featured status' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/leaves the featured lists now/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Refunded' } });
    fireEvent.click(dialog.getByRole('button', { name: 'End featured status' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/revoke'))?.body).toEqual({ reason: 'Refunded' }));
  });
});
