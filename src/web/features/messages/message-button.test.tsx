import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { MessageButton } from './message-button';

const lena = { id: 41, name: 'Lena Hoffmann' };

describe('message button', () => {
  it("sends a visitor to log in and back to the open dialog, with the caller's texts", async () => {
    await renderWithApp(<MessageButton recipient={lena} label="Write" loginLabel="Log in first" />, { path: '/Lena-Ink' });
    expect(screen.getByRole('link', { name: 'Log in first' }).getAttribute('href')).toBe('/login?redirect=%2FLena-Ink%3Fmessage%3Dopen');
  });

  it('opens the dialog, loaded on first use, and sends the message', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () =>
      jsonResponse({ message: { id: 1, senderId: 7, receiverId: 41, content: 'Hello', isRead: false, createdAt: new Date().toISOString(), readAt: null } }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<MessageButton recipient={lena} />, { path: '/Lena-Ink', namespaces: ['messages'], session: { state: 'loggedIn', user: createSessionUser({ id: 7 }) } });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to Lena Hoffmann' });
    await user.type(within(dialog).getByLabelText('Your message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/messages', expect.objectContaining({ method: 'POST' })));
  });

  it('opens the dialog at once for a user back from the login', async () => {
    await renderWithApp(<MessageButton recipient={lena} />, { path: '/Lena-Ink?message=open', namespaces: ['messages'], session: { state: 'loggedIn', user: createSessionUser({ id: 7 }) } });
    expect(await screen.findByRole('dialog', { name: 'Message to Lena Hoffmann' })).toBeTruthy();
  });
});
