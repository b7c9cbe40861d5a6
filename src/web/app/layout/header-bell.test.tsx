import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { Header } from './header';

describe('the header’s notification bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not there for a visitor, and asks nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<Header />, { path: '/' });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a logged-in user the unread count once its code has come', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/notifications')) return jsonResponse({ success: true, notifications: [], unread: 4, nextCursor: null });
        if (url.startsWith('/api/messages/unread-count')) return jsonResponse({ count: 0 });
        throw new Error(`unexpected request ${url}`);
      }),
    );
    await renderWithApp(<Header />, { path: '/fr/', session: { state: 'loggedIn', user: createSessionUser() } });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 non lues' }, { timeout: 5000 })).toBeTruthy();
  });
});
