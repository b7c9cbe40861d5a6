import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginGatedPage } from '../../ui/login-gate';
import { answerFetch, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { RequireLogin } from './require-login';
import { SessionProvider } from './session-provider';

const landings = [
  { path: '/login', element: <h1>login</h1> },
  { path: '/:lang/login', element: <h1>login</h1> },
];

/** Renders `ui` at `path` with a visitor's session and fake timers, so the delay is counted exactly. */
async function visit(ui: ReactNode, path: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return renderWithApp(ui, { path, routes: landings, namespaces: ['auth'] });
}

describe('login-only screens', () => {
  afterEach(() => vi.useRealTimers());

  it('send visitors to the login after 100 ms, language-prefixed, with the way back', async () => {
    const Dashboard = loginGatedPage(() => <p>dashboard</p>, 'auth');
    const { router } = await visit(<Dashboard />, '/fr/dashboard?welcome=true');
    act(() => vi.advanceTimersByTime(99));
    expect(router.state.location.pathname).toBe('/fr/dashboard');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/fr/dashboard?welcome=true')}`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('dashboard')).toBeNull();
  });

  it('use the unprefixed login for English', async () => {
    const { router } = await visit(<RequireLogin>secret</RequireLogin>, '/guestspots/manage');
    act(() => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fguestspots%2Fmanage');
  });

  it('wait as long as a screen asks', async () => {
    const { router } = await visit(<RequireLogin delayMs={150}>secret</RequireLogin>, '/de/messages');
    act(() => vi.advanceTimersByTime(149));
    expect(router.state.location.pathname).toBe('/de/messages');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/de/login');
  });

  it('show their content to a logged-in user and go nowhere', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const user = createSessionUser();
    const { router } = await renderWithApp(<RequireLogin>secret</RequireLogin>, { path: '/dashboard', session: { state: 'loggedIn', user }, routes: landings });
    act(() => vi.advanceTimersByTime(1_000));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('still go to the login when the session check failed, unless the screen has its own state for it', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/': () => jsonResponse({ success: false }, 500) })));
    const inner = (gate: ReactNode) => (
      <SessionProvider onLoggedOut={() => {}}>{gate}</SessionProvider>
    );
    const plain = await renderWithApp(inner(<RequireLogin>secret</RequireLogin>), { path: '/dashboard', routes: landings });
    await vi.waitFor(() => expect(plain.router.state.location.pathname).toBe('/login'));
    plain.unmount();
    localStorage.clear();
    const own = await renderWithApp(inner(<RequireLogin checkFailed={<p>check failed</p>}>secret</RequireLogin>), { path: '/messages', routes: landings });
    expect(await screen.findByText('check failed')).toBeTruthy();
    expect(own.router.state.location.pathname).toBe('/messages');
  });
});
