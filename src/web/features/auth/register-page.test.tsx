import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import RegisterPage from './register-page';

describe('register page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/register', 'By registering, you accept our terms of use and our privacy policy.', 'terms of use', '/terms', 'privacy policy', '/privacy'],
    ['/de/registrieren', 'Mit der Registrierung akzeptierst du unsere Nutzungsbedingungen und unsere Datenschutzerklärung.', 'Nutzungsbedingungen', '/de/terms', 'Datenschutzerklärung', '/de/privacy'],
  ])('says at %s that registering accepts the terms and the privacy policy, both linked in the language', async (path, sentence, terms, termsHref, privacy, privacyHref) => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithApp(<RegisterPage />, { path, namespaces: ['auth', 'errors'] });
    const termsLink = screen.getByRole('link', { name: terms });
    const note = termsLink.closest('p') as HTMLElement;
    expect(note.textContent).toBe(sentence);
    expect(termsLink.getAttribute('href')).toBe(termsHref);
    expect(screen.getByRole('link', { name: privacy }).getAttribute('href')).toBe(privacyHref);
    // The form keeps what was typed: the pages open beside it.
    expect(termsLink.getAttribute('target')).toBe('_blank');
    // Before the button that accepts.
    expect(note.compareDocumentPosition(screen.getByRole('button', { name: /Register|Registrieren/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

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
