import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxKey } from '../../lib/session';
import { answerFetch, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { Header } from './header';

describe('header navigation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Login and Register to visitors', async () => {
    await renderWithApp(<Header />, { path: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.querySelectorAll('a')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Gallery' }).getAttribute('href')).toBe('/tattoo-gallery');
    expect(screen.getByRole('link', { name: 'Spots' }).getAttribute('href')).toBe('/guestspots');
    expect(screen.getByRole('link', { name: 'Artists' }).getAttribute('href')).toBe('/tattooartists');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('offers Dashboard, Profile and Log out to a logged-in user, in their language', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/messages/unread-count': () => jsonResponse({ count: 0 }) })));
    const user = createSessionUser({ username: 'Anna Maier' });
    await renderWithApp(<Header />, { path: '/de/', session: { state: 'loggedIn', user } });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/de/dashboard');
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/de/Anna-Maier');
    expect(screen.getByRole('link', { name: 'Nachrichten' }).getAttribute('href')).toBe('/de/messages');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Registrieren' })).toBeNull();
  });

  it('links the gallery in the bar and in the phone menu, at the language\'s own path, marked on the gallery', async () => {
    await renderWithApp(<Header />, { path: '/de/tattoo-galerie' });
    const navigations = screen.getAllByRole('navigation', { name: 'Hauptnavigation', hidden: true });
    expect(navigations).toHaveLength(2);
    for (const nav of navigations) {
      const gallery = within(nav).getByRole('link', { name: 'Galerie', hidden: true });
      expect(gallery.getAttribute('href')).toBe('/de/tattoo-galerie');
      expect(gallery.getAttribute('aria-current')).toBe('page');
    }
    expect(document.getElementById('mobile-menu')?.contains(navigations[1] as HTMLElement)).toBe(true);
  });

  it('puts the unread-message count on the menu button, part of its name, and none without unread messages', async () => {
    let count = 3;
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/messages/unread-count': () => jsonResponse({ count }) })));
    const user = createSessionUser({ username: 'Anna Maier' });
    const { unmount } = await renderWithApp(<Header />, { path: '/de/', session: { state: 'loggedIn', user } });
    const button = await screen.findByRole('button', { name: 'Menü, 3 ungelesene Nachrichten' });
    expect(within(button).getByTestId('menu-unread').textContent).toContain('3');
    unmount();
    count = 0;
    await renderWithApp(<Header />, { path: '/de/', session: { state: 'loggedIn', user } });
    expect(await screen.findByRole('button', { name: 'Menü' })).toBeTruthy();
    expect(screen.queryByTestId('menu-unread')).toBeNull();
  });

  it('shows neither while the session is still loading', async () => {
    await renderWithApp(<Header />, { session: { state: 'loading', user: null } });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('opens the menu with its button, focuses the first link and closes on Escape', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Header />);
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(document.activeElement).toBe(panel.querySelector('a'));

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes the menu when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = document.getElementById('mobile-menu') as HTMLElement;
    await user.click(panel.querySelector('a[href="/login"]') as HTMLElement);
    expect(router.state.location.pathname).toBe('/login');
    expect(panel.hidden).toBe(true);
  });

  describe('for a logged-in user', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      localStorage.clear();
    });

    it('links Messages with the unread count', async () => {
      vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/messages/unread-count': () => jsonResponse({ count: 3 }) })));
      const user = createSessionUser({ id: 7 });
      await renderWithApp(<Header />, { path: '/', session: { state: 'loggedIn', user } });
      const links = await screen.findAllByRole('link', { name: /^Messages\s*3 unread messages$/ });
      expect(links[0]?.getAttribute('href')).toBe('/messages');
    });

    it('asks before logging out when messages wait unsent, and stays logged in on Cancel', async () => {
      const fetch = vi.fn(
        answerFetch({
          '/api/messages/unread-count': () => jsonResponse({ count: 0 }),
          '/api/auth/logout': () => jsonResponse({ success: true }),
        }),
      );
      vi.stubGlobal('fetch', fetch);
      const user = createSessionUser({ id: 7 });
      localStorage.setItem(outboxKey(7), JSON.stringify([{ clientId: 'a' }, { clientId: 'b' }]));
      const events = userEvent.setup();
      await renderWithApp(<Header />, { path: '/', session: { state: 'loggedIn', user } });
      await events.click(screen.getAllByRole('button', { name: 'Log out' })[0] as HTMLElement);
      const dialog = await screen.findByRole('dialog', { name: 'Log out with unsent messages?' });
      expect(dialog.textContent).toContain('2 messages have not been sent yet.');
      await events.click(screen.getByRole('button', { name: 'Stay logged in' }));
      expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/auth/logout'))).toBe(false);
      expect(localStorage.getItem(outboxKey(7))).not.toBeNull();

      await events.click(screen.getAllByRole('button', { name: 'Log out' })[0] as HTMLElement);
      await events.click(await screen.findByRole('button', { name: 'Log out anyway' }));
      await vi.waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/auth/logout'))).toBe(true));
      expect(localStorage.getItem(outboxKey(7))).toBeNull();
    });
  });
});
