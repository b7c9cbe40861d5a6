import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserListItem } from '../../../../common/schemas/admin-users';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import UsersScreen from './users-screen';

const item = (over: Partial<AdminUserListItem> = {}): AdminUserListItem => ({
  id: 7,
  username: 'lena_ink',
  name: 'Lena Ink',
  email: 'lena@example.test',
  userType: 'artist',
  role: 'user',
  createdAt: '2026-10-01T10:00:00.000Z',
  lastActiveAt: null,
  suspension: null,
  ...over,
});

const detail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...item(),
  counts: { listings: 2, galleryImages: 5, reviewsWritten: 1, reviewsReceived: 3, messagesSent: 9, reportsAgainst: 1, warnings: 0 },
  warnings: [],
  notes: [{ id: 1, body: 'Asked about refunds twice.', admin: { id: 1, username: 'boss' }, createdAt: '2026-11-01T10:00:00.000Z' }],
  audit: [],
  ...over,
});

const render = (ui: React.ReactNode, path = '/admin/users') =>
  renderWithApp(ui, { path, namespaces: ['adminUsers', 'admin', 'errors'], session: { state: 'loggedIn', user: createSessionUser({ role: 'admin' }) } });

describe('admin users screen', () => {
  it('lists users, searches with filters and pages on with the cursor', async () => {
    const calls = mockApi({
      'GET /api/admin/users': (url) =>
        url.includes('cursor=')
          ? jsonResponse({ users: [item({ id: 3, username: 'old_studio', name: 'Old Studio', userType: 'studio' })], nextCursor: null })
          : jsonResponse({ users: [item(), item({ id: 8, username: 'sus', name: 'Sus Pended', suspension: { at: '2026-11-20T00:00:00.000Z', until: null, reason: 'Spam' } })], nextCursor: 'abc' }),
    });
    await render(<UsersScreen />);
    const link = await screen.findByRole('link', { name: /Lena Ink/ });
    expect(link.getAttribute('href')).toBe('/admin/users/7');
    expect(within(screen.getByRole('link', { name: /Sus Pended/ }).closest('li') as HTMLElement).getByText('Suspended')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'lena' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=lena') && c.url.includes('status=suspended'))).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'Show more users' }));
    expect(await screen.findByRole('link', { name: /Old Studio/ })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('cursor=abc'))).toBe(true);
  });

  it('shows a user and suspends them only after a reason in the confirmation', async () => {
    let current = detail();
    const calls = mockApi({
      'GET /api/admin/users/7': () => jsonResponse({ user: current }),
      'POST /api/admin/users/7/suspend': (_url, body) => {
        current = detail({ suspension: { at: new Date().toISOString(), until: null, reason: (body as { reason: string }).reason } });
        return jsonResponse({ user: current });
      },
    });
    await render(<UsersScreen id="7" />, '/admin/users/7');
    expect(await screen.findByRole('heading', { name: 'Lena Ink (@lena_ink)' })).toBeTruthy();
    expect(screen.getByText('Asked about refunds twice.')).toBeTruthy();
    expect(screen.getByText('Messages sent').nextSibling?.textContent).toBe('9');

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Lena Ink (@lena_ink)?' });
    expect(within(dialog).getByText(/logged out everywhere/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Spam in many conversations' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && (c.body as { reason?: string }).reason === 'Spam in many conversations')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Lift suspension' })).toBeTruthy();
  });

  it('deletes only with the typed username and the own password', async () => {
    const calls = mockApi({
      'GET /api/admin/users/7': () => jsonResponse({ user: detail() }),
      'GET /api/admin/users': () => jsonResponse({ users: [], nextCursor: null }),
      'DELETE /api/admin/users/7': () => jsonResponse({ success: true }),
    });
    await render(<UsersScreen id="7" />, '/admin/users/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of Lena Ink (@lena_ink)?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Asked to be removed' } });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'secret' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type lena_ink to confirm'), { target: { value: 'lena_ink' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Asked to be removed', password: 'secret' }));
  });
});
