import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import ContactPage from './contact-page';

describe('contact page', () => {
  it('shows German errors under a field as soon as it is left', async () => {
    const user = userEvent.setup();
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.tab();
    expect(screen.getByText('Bitte gib deinen Namen ein.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('contact-name-error');

    await user.type(name, 'Jana');
    expect(screen.queryByText('Bitte gib deinen Namen ein.')).toBeNull();
  });

  it('lists every problem at the top on submit and sends nothing', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jana@');
    await user.type(screen.getByLabelText('Nachricht'), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    const summary = await screen.findByText('Bitte korrigiere 3 Probleme:');
    expect(summary).toBeTruthy();
    expect(screen.getAllByText('Bitte gib deinen Namen ein.')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Name: Bitte gib deinen Namen ein.' }).getAttribute('href')).toBe('#contact-name');
    expect(screen.getByRole('link', { name: 'E-Mail-Adresse: Bitte gib eine gültige E-Mail-Adresse ein.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nachricht: Bitte schreibe mindestens 10 Zeichen.' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts a valid message and confirms it', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => jsonResponse({ success: true, message: 'Danke!' }, 201));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    await user.type(screen.getByLabelText('Name'), '  Jana Becker ');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jana@example.com');
    await user.type(screen.getByLabelText('Nachricht'), 'Ich habe eine Frage zu Gastplätzen.');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByText('Danke, deine Nachricht wurde gesendet.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-Language')).toBe('de');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Jana Becker',
      email: 'jana@example.com',
      subject: '',
      message: 'Ich habe eine Frage zu Gastplätzen.',
    });
  });

  it('shows the server error inline and keeps the input', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, error: 'Zu viele Versuche. Bitte warte 60 Sekunden.', code: 'rateLimited' }, 429)),
    );
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    await user.type(screen.getByLabelText('Name'), 'Jana');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'jana@example.com');
    await user.type(screen.getByLabelText('Nachricht'), 'Noch eine Frage an euch.');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByText('Zu viele Versuche. Bitte warte 60 Sekunden.')).toBeTruthy();
    expect(screen.getByText('Deine Nachricht konnte nicht gesendet werden.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jana'));
  });
});
