import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportGroup } from '../../../../common/schemas/admin-moderation';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import ReportsScreen from './reports-screen';

const group = (overrides: Partial<ReportGroup> = {}): ReportGroup => ({
  targetType: 'message',
  targetId: 31,
  preview: { id: 31, content: 'Buy followers now' },
  count: 2,
  reasons: ['spam'],
  details: ['Sent to everyone'],
  firstAt: '2026-11-20T10:00:00.000Z',
  lastAt: '2026-11-21T10:00:00.000Z',
  status: 'open',
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = () => renderWithApp(<ReportsScreen />, { path: '/admin/reports', namespaces: ['adminModeration', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

describe('reports queue screen', () => {
  it('shows grouped targets, filters by type and offers only the fitting actions', async () => {
    const calls = mockApi({
      'GET /api/admin/reports': (url) => jsonResponse({ reports: url.includes('targetType=user') ? [] : [group()], nextCursor: null }),
    });
    await render();
    expect(await screen.findByText('Buy followers now')).toBeTruthy();
    expect(screen.getByText('2 reports')).toBeTruthy();
    expect(screen.getByText('Sent to everyone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'user' } });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(calls.at(-1)?.url).toContain('targetType=user');
  });

  it('resolves with an action and a required reason', async () => {
    const calls = mockApi({
      'GET /api/admin/reports': () => jsonResponse({ reports: [group()], nextCursor: null }),
      'POST /api/admin/reports/resolve': () => jsonResponse({ success: true, status: 'dismissed', closed: 2 }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(/All 2 reports are closed without action/)).toBeTruthy();
    // Without a name in the snapshot the title names the kind of target only.
    expect(screen.getByRole('dialog', { name: 'Dismiss: Message?' })).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Dismiss' }).at(-1) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'No breach' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/admin/reports/resolve')?.body).toEqual({ targetType: 'message', targetId: 31, action: 'dismiss', reason: 'No breach' }));
  });

  it("names the target's owner in the confirmation", async () => {
    const image = group({ targetType: 'image', targetId: 8, preview: { id: 8, caption: 'Rose', owner: { id: 4, name: 'Mara Ink', username: 'mara' } }, count: 1 });
    mockApi({ 'GET /api/admin/reports': () => jsonResponse({ reports: [image], nextCursor: null }) });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(await screen.findByRole('dialog', { name: 'Hide: Image – Mara Ink (@mara)?' })).toBeTruthy();
    expect(screen.getByText(/It leaves every public list at once/)).toBeTruthy();
  });
});
