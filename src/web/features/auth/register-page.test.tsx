import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import RegisterPage from './register-page';

describe('register page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['12345678', 'The password must contain at least one letter and one number.'],
    ['password1', 'The password should contain at least one special character (e.g. !@#$%^&*).'],
    ['P@ssw0rd', 'This password is too common. Please choose another one.'],
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

  it('shows the German text for a common password as soon as the field is left', async () => {
    const user = userEvent.setup();
    await renderWithApp(<RegisterPage />, { path: '/de/registrieren', namespaces: ['auth', 'errors'] });
    await user.type(screen.getByLabelText('Passwort'), 'p@ssw0rd');
    await user.tab();
    expect(screen.getByText('Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes.')).toBeTruthy();
  });
});
