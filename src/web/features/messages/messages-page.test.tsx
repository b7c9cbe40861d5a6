import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { answerFetch, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import MessagesPage from './messages-page';

const me = createSessionUser({ id: 1, username: 'lena', name: 'Lena Ink' });
const loggedIn = { state: 'loggedIn' as const, user: me };
const contact = { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk-Berlin', userType: 'studio', avatar: null };
const login = { path: '/:lang/login', element: <h1>login</h1> };
const englishLogin = { path: '/login', element: <h1>login</h1> };

/** The page at `path` with the contact lookup answered by `answer` (the conversation list is empty). */
async function openConversation(path: string, answer: (url: string) => Response | Promise<Response>) {
  const fetch = vi.fn(
    answerFetch({
      '/api/users/': answer,
      '/api/messages/conversations': () => jsonResponse([]),
      '/api/messages/conversation/': () => jsonResponse({ messages: [], hasMore: false }),
      '/api/blocks': () => jsonResponse({ blocks: [] }),
    }),
  );
  vi.stubGlobal('fetch', fetch);
  // The page reads its contact from the address, so it is mounted at its route in every language.
  const element = (
    <SessionProvider initialState={loggedIn} onLoggedOut={() => {}}>
      <MessagesPage />
    </SessionProvider>
  );
  const routes = ['', '/de', '/es', '/fr', '/pt'].map((prefix) => ({ path: `${prefix}/messages/:contact`, element }));
  await renderWithApp(null, { path, session: loggedIn, namespaces: ['messages'], routes });
  return fetch;
}

describe('the conversation screen', () => {
  afterEach(() => vi.useRealTimers());

  it('says in German that no contact information was found for an unknown contact', async () => {
    const fetch = await openConversation('/de/messages/niemand', () => jsonResponse({ success: false, error: 'Benutzer nicht gefunden' }, 404));
    expect((await screen.findByRole('alert')).textContent).toBe('Keine Kontaktinformationen gefunden');
    expect(String(fetch.mock.calls.find(([url]) => String(url).startsWith('/api/users/'))?.[0])).toBe('/api/users/by-username/niemand');
  });

  it.each([
    ['en', '/messages/999', 'No contact information found'],
    ['es', '/es/messages/999', 'No se encontró información de contacto'],
    ['fr', '/fr/messages/999', 'Aucune information de contact trouvée'],
    ['pt', '/pt/messages/999', 'Nenhuma informação de contacto encontrada'],
  ])('says so in %s too, for an unknown id', async (_lang, path, text) => {
    await openConversation(path, () => jsonResponse({ success: false }, 404));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it.each([
    ['a server error with its own text', () => jsonResponse({ success: false, error: 'Datenbank nicht erreichbar' }, 500)],
    ['a server error without a text', () => new Response('', { status: 503 })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says the contact could not be loaded after %s', async (_name, answer) => {
    await openConversation('/de/messages/7', answer);
    expect((await screen.findByRole('alert')).textContent).toBe('Der Kontakt konnte nicht geladen werden.');
  });

  it.each([
    ['without a name', { ...contact, name: '' }],
    ['without a type', { ...contact, userType: undefined }],
    ['with an unknown type', { ...contact, userType: 'admin' }],
    ['without a username', { ...contact, username: null }],
  ])('says the contact information is incomplete for an answer %s, and opens no conversation', async (_name, answer) => {
    await openConversation('/de/messages/7', () => jsonResponse(answer));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Kontaktinformationen sind unvollständig.');
    expect(screen.queryByRole('heading', { name: /Nachrichten mit/ })).toBeNull();
  });

  it('opens the conversation of a complete answer without an error', async () => {
    await openConversation('/messages/Nadelwerk-Berlin', () => jsonResponse(contact));
    expect(await screen.findByRole('heading', { name: 'Messages with Nadelwerk Berlin' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the messaging screen without a session', () => {
  afterEach(() => vi.useRealTimers());

  it('sends visitors to the login after 150 ms, with the way back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = await renderWithApp(<MessagesPage />, { path: '/de/messages/lena', namespaces: ['messages'], routes: [login] });
    act(() => vi.advanceTimersByTime(149));
    expect(router.state.location.pathname).toBe('/de/messages/lena');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/de/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/de/messages/lena')}`);
  });

  it.each([
    ['a server error', () => jsonResponse({ success: false }, 500)],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says the session check failed after %s, with a login link, and stays', async (_name, fail) => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/check': fail, '/api/auth/me': fail })));
    const { router } = await renderWithApp(
      <SessionProvider onLoggedOut={() => {}}>
        <MessagesPage />
      </SessionProvider>,
      { path: '/messages', namespaces: ['messages'], routes: [englishLogin] },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error during authentication check. Please log in.');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fmessages');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/messages');
  });

  it('still sends a visitor the server calls logged out to the login', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/check': () => jsonResponse({ authenticated: false, user: null }) })));
    const { router } = await renderWithApp(
      <SessionProvider onLoggedOut={() => {}}>
        <MessagesPage />
      </SessionProvider>,
      { path: '/messages', namespaces: ['messages'], routes: [englishLogin] },
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('Error during authentication check. Please log in.')).toBeNull();
  });
});
