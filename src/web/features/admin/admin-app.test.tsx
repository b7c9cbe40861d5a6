import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAuditPage, AdminSummary } from '../../../common/schemas/admin';
import type { SessionUser } from '../../../common/schemas/session';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import AdminApp from './admin-app';

const admin = () => createSessionUser({ id: 1, role: 'admin', username: 'Admin Team', name: 'Ada Admin' });
const summary: AdminSummary = { openReports: 3, imagesToReview: 12, newContactMessages: 0, promotionsDue: 2, featuredEndingSoon: 1 };
const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date, i) => ({ date, artist: i, studio: i % 2 }));
const auditPage = (over: Partial<AdminAuditPage> = {}): AdminAuditPage => ({
  entries: [
    {
      id: 9,
      admin: { id: 1, username: 'Admin Team' },
      action: 'user.suspend',
      targetType: 'user',
      targetId: '42',
      reason: 'Spam in messages',
      details: { before: { status: 'active' }, after: { status: 'suspended' } },
      createdAt: '2026-11-27T09:30:00.000Z',
    },
  ],
  nextCursor: null,
  ...over,
});

/** The whole area at `path`, with the places it leads to outside itself. */
const render = (path: string, user: SessionUser | null) =>
  renderWithApp(<AdminApp />, {
    path,
    namespaces: ['admin', 'errors'],
    session: user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null },
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

/** The calls of an admin's dashboard, each answered; `check` may answer otherwise. */
const dashboardApi = (check: () => Response = () => jsonResponse({ success: true })) =>
  mockApi({
    'GET /api/admin/check': check,
    'GET /api/admin/summary': () => jsonResponse(summary),
    'GET /api/admin/registrations': () => jsonResponse({ days }),
    'GET /api/admin/audit-log': () => jsonResponse(auditPage()),
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin gate', () => {
  it('sends a visitor to the login, coming back to the admin path afterwards', async () => {
    const calls = mockApi({});
    const { router } = await render('/admin/users', null);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/users')}`);
    expect(calls).toEqual([]);
  });

  it('turns a user whose role is not admin away without asking the server', async () => {
    const calls = mockApi({});
    const { router } = await render('/admin', createSessionUser({ role: 'user' }));
    expect(await screen.findByText('Admin status could not be confirmed.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/not-authorized');
    expect(calls).toEqual([]);
  });

  it("shows the server's no in German when the check refuses", async () => {
    dashboardApi(() => jsonResponse({ success: false, error: 'Das dürfen nur Administratoren.' }, 403));
    const { router } = await render('/de/admin', admin());
    expect(await screen.findByText('Admin-Status konnte nicht bestätigt werden.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/de/admin/not-authorized');
  });

  it('says the check failed when it gets no answer it can read', async () => {
    dashboardApi(() => jsonResponse({ success: false, error: 'boom' }, 500));
    await render('/de/admin', admin());
    expect(await screen.findByText('Fehler bei der Admin-Überprüfung. Zugriff verweigert.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erneut versuchen' }).getAttribute('href')).toBe('/de/admin');
  });

  it('shows a spinner while it checks, then the area', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      'GET /api/admin/check': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/admin/summary': () => jsonResponse(summary),
      'GET /api/admin/registrations': () => jsonResponse({ days }),
      'GET /api/admin/audit-log': () => jsonResponse(auditPage()),
    });
    await render('/admin', admin());
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Checking admin status…')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    answer(jsonResponse({ success: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });
});

describe('admin layout and dashboard', () => {
  it('lists the areas in order with their badges, the admin and logout', async () => {
    dashboardApi();
    await render('/admin', admin());
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/users',
      '/admin/gallery',
      '/admin/reports',
      '/admin/premium',
      '/admin/featured',
      '/admin/instagram',
      '/admin/city-import',
      '/admin/statistics',
      '/admin/contact',
      '/admin/verification',
      '/',
    ]);
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Gallery moderation/ }).textContent).toContain('12'));
    expect(within(nav).getByRole('link', { name: /Reports/ }).textContent).toContain('3');
    // No badge where nothing waits.
    expect(within(nav).getByRole('link', { name: 'Contact form' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('folds the navigation behind the menu button', async () => {
    dashboardApi();
    await render('/admin', admin());
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the summary as cards leading to their areas, the registrations and the audit log', async () => {
    dashboardApi();
    await render('/admin', admin());
    const cards = await screen.findByRole('region', { name: 'Waiting for you' });
    const reviewCard = await within(cards).findByRole('link', { name: /Images to review/ });
    expect(reviewCard.getAttribute('href')).toBe('/admin/gallery');
    expect(reviewCard.textContent).toContain('12');
    expect(within(cards).getByRole('link', { name: /Open reports/ }).getAttribute('href')).toBe('/admin/reports');
    expect(within(cards).getAllByRole('link')).toHaveLength(5);

    const registrations = screen.getByRole('region', { name: 'Registrations in the last 7 days' });
    expect(await within(registrations).findByText('Artists: 21 · Studios: 3')).toBeTruthy();
    expect(within(registrations).getAllByRole('row')).toHaveLength(8);

    const log = screen.getByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText('user.suspend')).toBeTruthy();
    expect(within(log).getByText('Spam in messages')).toBeTruthy();
    expect(within(log).getByText('Before and after')).toBeTruthy();
  });

  it('filters the audit log and pages on with the cursor', async () => {
    const calls = mockApi({
      'GET /api/admin/check': () => jsonResponse({ success: true }),
      'GET /api/admin/summary': () => jsonResponse(summary),
      'GET /api/admin/registrations': () => jsonResponse({ days }),
      'GET /api/admin/audit-log': (url) =>
        jsonResponse(url.includes('cursor=') ? auditPage({ entries: [{ ...auditPage().entries[0]!, id: 3, action: 'gallery.hide' }] }) : auditPage({ nextCursor: 'abc' })),
    });
    await render('/admin', admin());
    const log = await screen.findByRole('region', { name: 'Audit log' });
    fireEvent.click(await within(log).findByRole('button', { name: 'Show more' }));
    expect(await within(log).findByText('gallery.hide')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/audit-log?cursor=abc')).toBe(true);

    fireEvent.change(within(log).getByLabelText('Action'), { target: { value: 'user.suspend' } });
    fireEvent.change(within(log).getByLabelText('Target id'), { target: { value: '42' } });
    fireEvent.click(within(log).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/audit-log?action=user.suspend&targetId=42')).toBe(true));
    expect(await within(log).findByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('leads an address naming no area to the dashboard', async () => {
    dashboardApi();
    const { router } = await render('/admin/nothing-here', admin());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });
});
