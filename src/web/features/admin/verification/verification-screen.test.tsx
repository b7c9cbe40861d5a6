import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminVerification } from '../../../../common/schemas/trust';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import VerificationScreen from './verification-screen';

const entry = (overrides: Partial<AdminVerification> = {}): AdminVerification => ({
  id: 5, status: 'pending', contentType: 'application/pdf', reason: null, createdAt: '2030-05-01T10:00:00.000Z', decidedAt: null,
  studio: { id: 31, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null }, ...overrides,
});

const render = () =>
  renderWithApp(<VerificationScreen />, { path: '/admin/verification', namespaces: ['trust', 'admin', 'errors'], session: { state: 'loggedIn', user: createSessionUser({ role: 'admin' }) } });

describe('verification queue', () => {
  it('lists waiting documents with a link to the private document, and approves after confirming', async () => {
    const calls = mockApi({
      'GET /api/admin/verifications': (url) => jsonResponse({ verifications: url.includes('status=pending') ? [entry()] : [] }),
      'POST /api/admin/verifications/5/approve': () => jsonResponse({ success: true }),
    });
    await render();
    const row = within((await screen.findAllByRole('listitem'))[0] as HTMLElement);
    expect(row.getByRole('link', { name: 'Open document' }).getAttribute('href')).toBe('/api/trust/verification/5/document');
    await userEvent.click(row.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve Nadelwerk Berlin?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/verifications/5/approve')).toBe(true));
    // The queue is asked again once the decision is in.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('rejects only with a reason, which is sent', async () => {
    const calls = mockApi({
      'GET /api/admin/verifications': () => jsonResponse({ verifications: [entry()] }),
      'POST /api/admin/verifications/5/reject': () => jsonResponse({ success: true }),
    });
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Reason for the studio/), { target: { value: 'Unreadable scan.' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/admin/verifications/5/reject')?.body).toEqual({ reason: 'Unreadable scan.' }));
  });
});
