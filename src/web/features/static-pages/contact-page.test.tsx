import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SiteOperator } from '../../../common/schemas/site';
import { answerFetch, createSiteOperator, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import ContactPage from './contact-page';

/** A fetch that answers the site's operator and, for the form, `contact`; the calls to /api/contact are kept apart. */
function stubFetch(contact: () => Response = () => jsonResponse({ success: true }, 201), operator: SiteOperator | null = null) {
  const fetch = vi.fn(answerFetch({ '/api/site': () => jsonResponse({ operator }), '/api/contact': contact }));
  vi.stubGlobal('fetch', fetch);
  return { fetch, contactCalls: () => fetch.mock.calls.filter(([url]) => String(url) === '/api/contact') as unknown as [string, RequestInit][] };
}

/** Fills in the form and sends it. */
async function sendMessage(user: ReturnType<typeof userEvent.setup>, input: { name: string; email: string; message: string }) {
  await user.type(screen.getByLabelText('Name'), input.name);
  await user.type(screen.getByLabelText('E-Mail-Adresse'), input.email);
  await user.type(screen.getByLabelText('Nachricht'), input.message);
  await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
}

describe('contact page', () => {
  it('shows German errors under a field as soon as it is left', async () => {
    const user = userEvent.setup();
    stubFetch();
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
    const { contactCalls } = stubFetch();
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
    expect(contactCalls()).toEqual([]);
  });

  it('posts a valid message and confirms it', async () => {
    const user = userEvent.setup();
    const { contactCalls } = stubFetch(() => jsonResponse({ success: true, message: 'Danke!' }, 201));
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    await sendMessage(user, { name: '  Jana Becker ', email: 'jana@example.com', message: 'Ich habe eine Frage zu Gastplätzen.' });

    expect(await screen.findByText('Danke, deine Nachricht wurde gesendet.')).toBeTruthy();
    expect(contactCalls()).toHaveLength(1);
    const [, init] = contactCalls()[0] as [string, RequestInit];
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
    stubFetch(() => jsonResponse({ success: false, error: 'Zu viele Versuche. Bitte warte 60 Sekunden.', code: 'rateLimited' }, 429));
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    await sendMessage(user, { name: 'Jana', email: 'jana@example.com', message: 'Noch eine Frage an euch.' });

    expect(await screen.findByText('Zu viele Versuche. Bitte warte 60 Sekunden.')).toBeTruthy();
    expect(screen.getByText('Deine Nachricht konnte nicht gesendet werden.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jana'));
  });

  it("gives the operator's email address only when the settings name one", async () => {
    stubFetch(undefined, createSiteOperator());
    await renderWithApp(<ContactPage />, { path: '/de/kontakt', namespaces: ['contact', 'errors'] });
    const link = await screen.findByRole('link', { name: 'kontakt@nadelwerk.example' });
    expect(link.getAttribute('href')).toBe('mailto:kontakt@nadelwerk.example');
    expect(screen.queryByText('Beispielbetreiber für die Demo – kein echtes Unternehmen')).toBeNull();
  });

  it('marks the demo address as an example, and offers only the form when there is none', async () => {
    stubFetch(undefined, createSiteOperator({ email: 'operator@example.invalid', example: true }));
    const first = await renderWithApp(<ContactPage />, { path: '/kontakt', namespaces: ['contact', 'errors'] });
    await screen.findByRole('link', { name: 'operator@example.invalid' });
    expect(screen.getByText('Example operator for the demo — not a real business')).toBeTruthy();
    first.unmount();

    stubFetch(undefined, null);
    const { container } = await renderWithApp(<ContactPage />, { path: '/kontakt', namespaces: ['contact', 'errors'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy());
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(container.textContent).not.toContain('You can also email us at');
  });

  describe('appeal link', () => {
    const token = `17.1795000000000.${'a'.repeat(43)}`;
    const appealFetch = (appeal: () => Response) => {
      const fetch = vi.fn(
        answerFetch({
          '/api/site': () => jsonResponse({ operator: null }),
          '/api/contact/appeal': appeal,
          '/api/contact': () => jsonResponse({ success: true }, 201),
        }),
      );
      vi.stubGlobal('fetch', fetch);
      return () => fetch.mock.calls.filter(([url]) => String(url) === '/api/contact') as unknown as [string, RequestInit][];
    };

    it('starts filled in for the account, names the appeal and sends its token', async () => {
      const user = userEvent.setup();
      const contactCalls = appealFetch(() =>
        jsonResponse({ success: true, appeal: { name: 'Jana Becker', email: 'jana@example.com', deadline: '2026-12-08T10:00:00.000Z' } }),
      );
      await renderWithApp(<ContactPage />, { path: `/de/kontakt?appeal=${token}`, namespaces: ['contact', 'errors'] });

      expect(await screen.findByText('Einspruch gegen deine Sperre')).toBeTruthy();
      expect(screen.getByText(/Pro Sperre ist ein Einspruch möglich; du kannst ihn bis 8\. Dezember 2026/)).toBeTruthy();
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Jana Becker');
      expect((screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement).value).toBe('jana@example.com');
      expect((screen.getByLabelText(/^Betreff/) as HTMLInputElement).value).toBe('Einspruch gegen die Sperre meines Kontos');

      await user.type(screen.getByLabelText('Nachricht'), 'Das Bild ist von mir, hier ist der Beweis.');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText('Danke, deine Nachricht wurde gesendet.')).toBeTruthy();
      const [, init] = contactCalls()[0] as [string, RequestInit];
      expect(JSON.parse(String(init.body))).toEqual({
        name: 'Jana Becker',
        email: 'jana@example.com',
        subject: 'Einspruch gegen die Sperre meines Kontos',
        message: 'Das Bild ist von mir, hier ist der Beweis.',
        appeal: token,
      });
    });

    it('says why a used link no longer works and offers the plain form', async () => {
      const user = userEvent.setup();
      const contactCalls = appealFetch(() =>
        jsonResponse({ success: false, error: 'Du hast gegen diese Sperre bereits Einspruch eingelegt. Wir antworten dir per E-Mail.', code: 'appealAlreadySent' }, 409),
      );
      await renderWithApp(<ContactPage />, { path: `/de/kontakt?appeal=${token}`, namespaces: ['contact', 'errors'] });

      expect(await screen.findByText('Dieser Einspruchslink kann nicht mehr genutzt werden')).toBeTruthy();
      expect(screen.getByText('Du hast gegen diese Sperre bereits Einspruch eingelegt. Wir antworten dir per E-Mail.')).toBeTruthy();
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
      await sendMessage(user, { name: 'Jana', email: 'jana@example.com', message: 'Eine ganz normale Frage.' });
      await screen.findByText('Danke, deine Nachricht wurde gesendet.');
      expect(JSON.parse(String((contactCalls()[0] as [string, RequestInit])[1].body)).appeal).toBeUndefined();
    });
  });
});
