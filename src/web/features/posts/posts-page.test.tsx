import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import PostsPage from './posts-page';
import { createPost, FEATURED_UNTIL, mockApi } from './test-data';

const owner = () => createSessionUser({ username: 'Lena Ink', featuredUntil: FEATURED_UNTIL() });

const render = (path: string, user: ReturnType<typeof createSessionUser> | null) =>
  renderWithApp(<PostsPage />, {
    path,
    namespaces: ['posts', 'errors'],
    session: user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null },
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

describe('planned posts page', () => {
  it('sends visitors to login and back', async () => {
    mockApi({});
    const { router } = await render('/Lena-Ink/posts', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/Lena-Ink/posts')}`);
  });

  it("shows not found on another user's posts and asks nothing", async () => {
    const calls = mockApi({});
    await render('/someone-else/posts', owner());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists the upcoming posts with local date, excerpt, hashtags and promotion', async () => {
    const post = createPost({
      hashtags: ['fineline', 'tattoo', 'berlin'],
      promotions: [{ id: 1, productType: 'instagram_feed_post', status: 'requested', createdAt: '2026-11-20T10:00:00.000Z', permalink: null, reason: null }],
    });
    const draft = createPost({ status: 'draft', plannedAt: null, media: null, caption: '', hashtags: [] });
    mockApi({ 'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [post, draft] }) });
    await render('/lena-ink/posts', owner());
    await screen.findAllByRole('listitem');
    const cards = [...(screen.getAllByRole('list')[0] as HTMLElement).children];
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: /Feed post/ })).toBeTruthy();
    expect(first.getByText('Planned')).toBeTruthy();
    const when = new Date(post.plannedAt as string);
    const date = `${String(when.getMonth() + 1).padStart(2, '0')}/${String(when.getDate()).padStart(2, '0')}/${when.getFullYear()}`;
    expect(first.getByText(`${date} at 6:30 PM`)).toBeTruthy();
    expect(first.getByText('3 hashtags')).toBeTruthy();
    expect(first.getByText('Feed post promotion: requested')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Promote' }).getAttribute('href')).toBe(`/Lena-Ink/posts/upsell/${post.id}`);
    expect(first.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/Lena-Ink/instapost/${post.id}`);
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('No date yet')).toBeTruthy();
    expect(second.getByText('No caption yet')).toBeTruthy();
    // A draft cannot be promoted or marked published yet.
    expect(second.queryByRole('link', { name: 'Promote' })).toBeNull();
    expect(second.queryByRole('button', { name: 'Mark as published' })).toBeNull();
  });

  it('marks a planned post published with its fields unchanged', async () => {
    const post = createPost();
    const calls = mockApi({
      'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [post] }),
      'PUT /api/instagram/posts/': (_url, body) => jsonResponse({ success: true, post: { ...post, ...(body as object) } }),
    });
    await render('/Lena-Ink/posts', owner());
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as published' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: `/api/instagram/posts/${post.id}`,
      body: { type: post.type, caption: post.caption, hashtags: post.hashtags, plannedAt: post.plannedAt, status: 'published', mediaId: post.media?.id },
    });
    // The list loads afresh after the change.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBe(2));
  });

  it('deletes a post only after confirming', async () => {
    const post = createPost();
    let posts = [post];
    const calls = mockApi({
      'GET /api/instagram/posts': () => jsonResponse({ success: true, posts }),
      'DELETE /api/instagram/posts/': () => {
        posts = [];
        return jsonResponse({ success: true });
      },
    });
    await render('/Lena-Ink/posts', owner());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText('No upcoming posts.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/instagram/posts/${post.id}`);
  });

  it('shows published posts a page at a time', async () => {
    const page1 = Array.from({ length: 2 }, () => createPost({ status: 'published' }));
    const page2 = [createPost({ status: 'published', caption: 'The last one' })];
    const calls = mockApi({
      'GET /api/instagram/posts?': (url) =>
        jsonResponse(url.includes('page=2') ? { success: true, posts: page2, page: 2, hasMore: false } : { success: true, posts: page1, page: 1, hasMore: true }),
      'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [] }),
    });
    const { router } = await render('/Lena-Ink/posts', owner());
    expect(await screen.findByText('No upcoming posts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Published' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=published'));
    expect(await screen.findAllByText('Published', { selector: 'span' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('The last one')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/instagram/posts?status=published&page=2');
    // Published posts are history: nothing to edit or cancel.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel post' })).toBeNull();
  });

  it('offers featured status instead of creating when it is not active', async () => {
    mockApi({ 'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [] }) });
    await render('/de/Lena-Ink/posts', createSessionUser({ username: 'Lena Ink', featuredUntil: '2025-01-01T00:00:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Beiträge planen ist ein Featured-Vorteil' })).toBeTruthy();
    expect(screen.getByText(/Dein Featured-Status ist abgelaufen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Featured werden' }).getAttribute('href')).toBe('/de/dashboard#premium');
    expect(screen.queryByRole('link', { name: 'Beitrag planen' })).toBeNull();
  });
});

vi.mock('../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
