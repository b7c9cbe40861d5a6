import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification, NotificationPage } from '../../../common/schemas/notifications';
import { emitLiveSignal } from '../../lib/live-events';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { NotificationBell } from './bell';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function notice(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return { id, kind: 'report_resolved', title: `Your report about an image: we hid the content. (${id})`, url: '/dashboard', createdAt: minutesAgo(id), readAt: null, ...overrides };
}

/** The server of these tests: the newest page as it stands, and every PUT /api/notifications/read with its body. */
function fakeServer(page: NotificationPage) {
  let current = page;
  const puts: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/notifications/read') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { ids?: number[]; all?: true };
      puts.push(body);
      const now = new Date().toISOString();
      const notifications = current.notifications.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, readAt: n.readAt ?? now } : n));
      current = { ...current, notifications, unread: notifications.filter((n) => n.readAt === null).length };
      return jsonResponse({ success: true, updated: 1, unread: current.unread });
    }
    if (url.startsWith('/api/notifications')) return jsonResponse({ success: true, ...current });
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { puts, fetchMock, set: (next: NotificationPage) => (current = next) };
}

async function renderBell(path = '/') {
  const user = createSessionUser();
  return renderWithApp(
    <div>
      <NotificationBell me={user.id} />
      <a href="/elsewhere">Elsewhere</a>
    </div>,
    { path, session: { state: 'loggedIn', user } },
  );
}

describe('the notification bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the unread count in its accessible name, in the page’s language', async () => {
    fakeServer({ notifications: [notice(1), notice(2)], unread: 2, nextCursor: null });
    await renderBell('/de/');
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 2 ungelesen' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(within(bell).getByText('2').getAttribute('aria-hidden')).toBe('true');
  });

  it('says only "Notifications" with nothing unread, and follows the live stream', async () => {
    const server = fakeServer({ notifications: [notice(1, { readAt: minutesAgo(1) })], unread: 0, nextCursor: null });
    await renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    server.set({ notifications: [notice(3), notice(1, { readAt: minutesAgo(1) })], unread: 1, nextCursor: null });
    act(() => emitLiveSignal({ type: 'notification.created', id: 3, unread: 1 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    // Read in another tab: the server has it read, and the stream says so.
    server.set({ notifications: [notice(3, { readAt: minutesAgo(0) }), notice(1, { readAt: minutesAgo(1) })], unread: 0, nextCursor: null });
    act(() => emitLiveSignal({ type: 'notifications.read', unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('opens a panel from the keyboard with the newest, each linked and read when opened; Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ notifications: [notice(5), notice(90, { readAt: minutesAgo(80), url: '/Lena-Ink' })], unread: 1, nextCursor: null });
    await renderBell('/de/');
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(bell.getAttribute('aria-controls')).toBe(panel.id);
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    const links = await within(panel).findAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/de/dashboard', '/de/Lena-Ink']);
    expect(links[0]?.textContent).toContain('Ungelesen:');
    expect(within(panel).getByText('vor 5 Minuten')).toBeTruthy();
    expect(within(panel).getByText('vor 1 Stunde')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);

    await user.click(bell);
    await user.click(within(await screen.findByRole('dialog')).getAllByRole('link')[0] as HTMLElement);
    await waitFor(() => expect(server.puts).toEqual([{ ids: [5] }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen' })).toBeTruthy();
  });

  it('marks all as read at once and shows the empty state of a new account', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ notifications: [notice(1), notice(2), notice(3)], unread: 3, nextCursor: null });
    await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(server.puts).toEqual([{ all: true }]);
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(within(panel).queryByText('Unread:', { exact: false })).toBeNull();

    // A click elsewhere closes it without taking the focus back.
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads older notifications on request', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => notice(100 - i));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/notifications?cursor=81') return jsonResponse({ success: true, notifications: [notice(7)], unread: 21, nextCursor: null });
      return jsonResponse({ success: true, notifications: first, unread: 21, nextCursor: '81' });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 21 unread' }));
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findAllByRole('link')).toHaveLength(20);
    await user.click(within(panel).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(panel).getAllByRole('link')).toHaveLength(21));
    expect(within(panel).queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
