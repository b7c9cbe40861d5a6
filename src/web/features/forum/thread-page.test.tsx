import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, createSessionUser, jsonResponse } from '../../test/factories';
import { renderPageAt } from '../../test/route-page';
import { forumPost, forumThread, forumThreadPage } from './forum-fixtures.testing';
import ThreadPage from './thread-page';

const PATTERN = '/forum/t/:id/:slug';

describe('thread page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the opening post and the replies from the server’s HTML, the accepted answer under the opening post', async () => {
    const answer = forumPost({ id: 105, isAnswer: true, body: 'Nimm eine 5RL.', bodyHtml: '<p>Nimm eine <strong>5RL</strong>.</p>' });
    vi.stubGlobal(
      'fetch',
      vi.fn(answerFetch({ '/api/forum/threads/41': () => jsonResponse({ success: true, ...forumThreadPage({ thread: forumThread({ answer }), posts: [forumPost(), answer], pageCount: 2 }) }) })),
    );
    await renderPageAt(PATTERN, <ThreadPage />, { path: '/de/forum/t/41/welche-nadel-fur-linework', namespaces: ['forum'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welche Nadel für Linework?' })).toBeDefined();
    expect(document.querySelector('#post-100 em')?.textContent).toBe('feine');
    expect(document.querySelector('#post-101 strong')?.textContent).toBe('3RL');
    const accepted = screen.getByRole('region', { name: 'Akzeptierte Antwort' });
    expect(within(accepted).getByText('5RL')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Technik & Maschinen' }).getAttribute('href')).toBe('/de/forum/c/technique-machines');
    expect(screen.getByRole('link', { name: 'Seite 2' }).getAttribute('href')).toBe('/de/forum/t/41/welche-nadel-fur-linework/page/2');
    // A visitor reads everything and is asked to log in to take part.
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe(`/de/login?redirect=${encodeURIComponent('/de/forum/t/41/welche-nadel-fur-linework')}`);
    expect(screen.queryByRole('button', { name: /Zitieren/ })).toBeNull();
  });

  it('leads an old slug to the thread’s current address', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/forum/threads/41': () => jsonResponse({ success: true, ...forumThreadPage() }) })));
    const { router } = await renderPageAt(PATTERN, <ThreadPage />, { path: '/de/forum/t/41/alter-titel', namespaces: ['forum'] });
    await screen.findByRole('heading', { level: 1, name: 'Welche Nadel für Linework?' });
    expect(router.state.location.pathname).toBe('/de/forum/t/41/welche-nadel-fur-linework');
  });

  it('quotes a post into the reply and sends the reply with the quoted post and one client id across a retry', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let attempts = 0;
    const thread = forumThread({ can: { edit: false, delete: false, reply: true, like: true, report: true, markAnswer: false, moderate: false } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/forum/threads/41/posts') {
          sent.push(JSON.parse(String(init?.body)));
          attempts += 1;
          if (attempts === 1) return jsonResponse({ success: false, error: 'Kurz nicht erreichbar.' }, 503);
          return jsonResponse({ success: true, post: forumPost({ id: 106 }), page: 1 }, 201);
        }
        if (url.startsWith('/api/forum/threads/41')) return jsonResponse({ success: true, ...forumThreadPage({ thread }) });
        throw new Error(`unexpected ${url}`);
      }),
    );
    await renderPageAt(PATTERN, <ThreadPage />, {
      path: '/de/forum/t/41/welche-nadel-fur-linework',
      namespaces: ['forum'],
      session: { state: 'loggedIn', user: createSessionUser({ id: 9 }) },
    });
    const quoteButtons = await screen.findAllByRole('button', { name: 'Zitieren' });
    await user.click(quoteButtons[1] as HTMLElement);
    const box = screen.getByRole('textbox', { name: 'Antwort' }) as HTMLTextAreaElement;
    expect(box.value).toBe('> **@studio-nord**\n> Eine **3RL** reicht.\n\n');
    await user.type(box, 'Danke!');
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByText('Kurz nicht erreichbar.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const [first, second] = sent as { body: string; replyToPostId: number; clientId: string }[];
    expect(first?.replyToPostId).toBe(101);
    expect(first?.body).toContain('Danke!');
    expect(first?.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.clientId).toBe(first?.clientId);
  });
});
