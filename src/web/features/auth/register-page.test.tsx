import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import RegisterPage from './register-page';

describe('register page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['12345678', 'The password must contain at least one letter and one number.'],
    ['password1', 'The password should contain at least one special character (e.g. !@#$%^&*).'],
  ])('applies the password rule of every new password to %s and sends nothing', async (password, message) => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<RegisterPage />, { path: '/register', namespaces: ['auth', 'errors'] });
    await user.type(screen.getByLabelText('Email'), 'jana@example.test');
    await user.type(screen.getByLabelText('Username'), 'Jana Nadel');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    // Once in the summary at the top and once under the field.
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  // The list of common passwords stays on the server: the browser sends such a password and shows the server's text.
  it("shows the server's German text for a common password", async () => {
    const user = userEvent.setup();
    const text = 'Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes.';
    const fetch = vi.fn(answerFetch({ '/api/auth/register': () => jsonResponse({ error: text, code: 'passwordCommon', field: 'password' }, 400) }));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<RegisterPage />, { path: '/de/registrieren', namespaces: ['auth', 'errors'] });
    await user.type(screen.getByLabelText('E-Mail'), 'jana@example.test');
    await user.type(screen.getByLabelText('Benutzername'), 'Jana Nadel');
    await user.type(screen.getByLabelText('Passwort'), 'p@ssw0rd');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'p@ssw0rd');
    await user.tab();
    expect(screen.queryByText(text)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
