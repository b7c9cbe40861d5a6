import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import LoginPage from './login-page';
import RegisterPage from './register-page';

/** Logs in against a server that answers `answer`, in the language of `path`; the summary's text. */
async function failedLogin(answer: () => Response | Promise<Response>, path = '/login') {
  vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/login': answer })));
  const user = userEvent.setup();
  await renderWithApp(<LoginPage />, { path, namespaces: ['auth', 'errors'] });
  await user.type(screen.getByLabelText(path === '/login' ? 'Email' : 'E-Mail'), 'lena@example.test');
  await user.type(screen.getByLabelText(path === '/login' ? 'Password' : 'Passwort'), 'Ink-and-paper-2026');
  await user.click(screen.getByRole('button', { name: path === '/login' ? 'Log in' : 'Anmelden' }));
  return (await screen.findByRole('alert')).textContent;
}

describe('login page failures', () => {
  it("shows the server's own text when it sends one", async () => {
    expect(await failedLogin(() => jsonResponse({ success: false, error: 'Invalid email or password.' }, 401))).toContain('Invalid email or password.');
  });

  it.each([
    ['an empty body', () => new Response('', { status: 500 })],
    ['a body without a text', () => jsonResponse({ success: false }, 401)],
    ['an HTML error page', () => new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } })],
  ])('asks to check the credentials when the server answers an error with %s', async (_name, answer) => {
    const text = await failedLogin(answer);
    expect(text).toContain('Login failed. Please check your credentials.');
    expect(text).not.toMatch(/Error \d{3}/);
  });

  it('says so in German', async () => {
    expect(await failedLogin(() => jsonResponse({}, 500), '/de/login')).toContain('Anmeldung fehlgeschlagen. Bitte überprüfe deine Zugangsdaten.');
  });

  it('says that no answer came when none did', async () => {
    expect(await failedLogin(() => Promise.reject(new TypeError('Failed to fetch')))).toContain('No response received from server. Please check your connection.');
  });
});

describe('register page failures', () => {
  it.each([
    ['with a text, shows it', () => jsonResponse({ success: false, error: 'This email address is already registered.' }, 409), 'This email address is already registered.'],
    ['without a text, asks to check the input', () => jsonResponse({ success: false }, 500), 'Registration failed. Please check your input.'],
    ['with an empty body, asks to check the input', () => new Response('', { status: 502 }), 'Registration failed. Please check your input.'],
  ])('when the server answers an error %s', async (_name, answer, text) => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/register': answer })));
    await renderWithApp(<RegisterPage />, { path: '/register', namespaces: ['auth', 'errors'] });
    await user.type(screen.getByLabelText('Email'), 'jana@example.test');
    await user.type(screen.getByLabelText('Username'), 'Jana Nadel');
    await user.type(screen.getByLabelText('Password'), 'Ink-and-paper-2026');
    await user.type(screen.getByLabelText('Confirm password'), 'Ink-and-paper-2026');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('asks in Portuguese too', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/register': () => jsonResponse({}, 500) })));
    await renderWithApp(<RegisterPage />, { path: '/pt/register', namespaces: ['auth', 'errors'] });
    const fields = document.querySelectorAll('input');
    const values: Record<string, string> = { email: 'jana@example.test', username: 'Jana Nadel', password: 'Ink-and-paper-2026', passwordConfirm: 'Ink-and-paper-2026' };
    for (const input of fields) if (values[input.name]) await user.type(input, values[input.name]!);
    await user.click(screen.getByRole('button', { name: 'Registar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Falha no registo. Verifica os teus dados.');
  });
});
