import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactListItem, ContactMessageDetail } from '../../../../common/schemas/admin-inbox';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import ContactScreen from './contact-screen';

const item = (overrides: Partial<ContactListItem> = {}): ContactListItem => ({
  id: 7,
  name: 'Kim Visitor',
  email: 'kim@example.test',
  subject: 'Guest spot question',
  excerpt: 'How do I apply for a guest spot?',
  status: 'new',
  language: 'de',
  createdAt: '2026-11-20T10:00:00.000Z',
  replyCount: 0,
  ...overrides,
});

const detail = (overrides: Partial<ContactMessageDetail> = {}): ContactMessageDetail => ({
  id: 7,
  name: 'Kim Visitor',
  email: 'kim@example.test',
  subject: 'Guest spot question',
  message: 'How do I apply for a guest spot?\nThanks!',
  status: 'read',
  language: 'de',
  createdAt: '2026-11-20T10:00:00.000Z',
  statusChangedAt: null,
  user: { id: 42, username: 'kim_ink', name: 'Kim', userType: 'artist' },
  appeal: null,
  replies: [],
  ...overrides,
});

const admin = createSessionUser({ role: 'admin' });
const render = (path: string, id?: string) =>
  renderWithApp(<ContactScreen id={id} />, { path, namespaces: ['adminInbox', 'admin', 'errors'], session: { state: 'loggedIn', user: admin } });

describe('contact inbox', () => {
  it('lists the messages and asks again with a status filter and a search', async () => {
    const calls = mockApi({
      'GET /api/admin/contact': (url) =>
        jsonResponse({ messages: url.includes('status=spam') ? [] : [item(), item({ id: 8, name: 'Otto', status: 'answered', replyCount: 2 })], nextCursor: null }),
    });
    await render('/admin/contact');
    const list = within(await screen.findByRole('list'));
    expect(list.getByText('Kim Visitor')).toBeTruthy();
    expect(list.getByText(/· 2 replies$/)).toBeTruthy();
    expect(screen.getByText('Choose a message from the list to read it.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Spam' }));
    expect(await screen.findByText('No messages match this filter.')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/api/admin/contact?status=spam');

    fireEvent.change(screen.getByLabelText('Search name, email, subject or text'), { target: { value: 'kim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/contact?status=spam&q=kim'));
  });

  it('shows the message, changes its status and sends a reply', async () => {
    const calls = mockApi({
      'GET /api/admin/contact/7': () => jsonResponse({ message: detail() }),
      'GET /api/admin/contact': () => jsonResponse({ messages: [item()], nextCursor: null }),
      'PATCH /api/admin/contact/7': () => jsonResponse({ success: true, status: 'closed' }),
      'POST /api/admin/contact/7/reply': () => jsonResponse({ success: true, replyId: 1, status: 'answered' }, 201),
    });
    await render('/admin/contact/7', '7');
    const article = within(await screen.findByRole('article'));
    expect(article.getByRole('heading', { name: 'Guest spot question' })).toBeTruthy();
    expect(article.getByRole('link', { name: 'kim_ink' }).getAttribute('href')).toBe('/admin/users/42');
    expect(article.getByText('Deutsch')).toBeTruthy();
    expect(article.getByText('Sent to kim@example.test, greeting and closing in Deutsch, with the message quoted below it.')).toBeTruthy();

    fireEvent.change(article.getByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'closed' }));

    expect((article.getByLabelText('Subject') as HTMLInputElement).value).toBe('Re: Guest spot question');
    const send = article.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(article.getByLabelText('Reply'), { target: { value: 'Open the guest spot and press Apply.' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ subject: 'Re: Guest spot question', body: 'Open the guest spot and press Apply.' }),
    );
  });

  it('filters the appeals and links an appeal to the suspended account', async () => {
    const calls = mockApi({
      'GET /api/admin/contact/8': () =>
        jsonResponse({ message: detail({ id: 8, subject: 'Appeal against my suspension', status: 'appeal', appeal: { suspendedAt: '2026-11-18T09:30:00.000Z' } }) }),
      'GET /api/admin/contact': () => jsonResponse({ messages: [item({ id: 8, status: 'appeal', subject: 'Appeal against my suspension' })], nextCursor: null }),
    });
    await render('/admin/contact/8', '8');
    fireEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/contact?status=appeal')).toBe(true));
    const article = within(await screen.findByRole('article'));
    expect(article.getByText(/^Appeal against the suspension of /)).toBeTruthy();
    expect(article.getByRole('link', { name: 'Open the account' }).getAttribute('href')).toBe('/admin/users/42');
    expect(article.getAllByText('Appeal').length).toBeGreaterThan(0);
  });

  it('deletes only after a reason is typed, and cancelling sends nothing', async () => {
    const calls = mockApi({
      'GET /api/admin/contact/7': () => jsonResponse({ message: detail() }),
      'GET /api/admin/contact': () => jsonResponse({ messages: [item()], nextCursor: null }),
      'DELETE /api/admin/contact/7': () => jsonResponse({ success: true }),
    });
    await render('/admin/contact/7', '7');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete the message from Kim Visitor?' }));
    expect(dialog.getByText(/The message from kim@example.test and every reply to it are deleted for good/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Sender asked to be forgotten' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ reason: 'Sender asked to be forgotten' }));
    expect(await screen.findByText('Message deleted.')).toBeTruthy();
  });

  it('says so when the message does not exist', async () => {
    mockApi({
      'GET /api/admin/contact/9': () => jsonResponse({ error: 'This contact message does not exist.' }, 404),
      'GET /api/admin/contact': () => jsonResponse({ messages: [], nextCursor: null }),
    });
    await render('/de/admin/contact/9', '9');
    expect(await screen.findByText('Diese Nachricht gibt es nicht (mehr).')).toBeTruthy();
    expect(screen.getByText('Noch keine Nachrichten')).toBeTruthy();
  });
});
