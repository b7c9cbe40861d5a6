import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewList } from '../../../../common/schemas/reviews';
import { answerFetch, createSessionUser, jsonResponse } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { ReviewsTab } from './reviews-tab';
import { starFills } from './stars';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const studio = createSessionUser({ id: 7, userType: 'studio', name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin' });

let nextId = 500;
function review(overrides: Partial<Review> = {}): Review {
  const id = nextId++;
  return {
    id,
    reviewerId: id,
    reviewedId: 41,
    rating: 5,
    comment: null,
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    reviewer: { id, name: `Studio ${id}`, username: `Studio ${id}`, avatar: null, userType: 'studio' },
    verifiedStay: null,
    can: { edit: false, delete: false },
    ...overrides,
  };
}

const page = (reviews: Review[], totalReviews: number, averageRating: number, nextCursor: number | null = null): ReviewList => ({ reviews, totalReviews, averageRating, nextCursor });

const tab = (isOwner = false) => <ReviewsTab userId={41} name="Lena Hoffmann" username="Lena Ink" userType="artist" isOwner={isOwner} />;

afterEach(() => {
  vi.unstubAllGlobals();
  toast.success.mockReset();
});

describe('reviews tab', () => {
  it('draws full, half and empty stars from the fraction', () => {
    expect(starFills(4.3)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('shows the empty state and sends a visitor to log in and back to the open dialog', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/reviews/user/41': () => jsonResponse(page([], 0, 0)) })));
    await renderWithApp(tab(), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'] });
    expect(await screen.findByText('No reviews available yet.')).toBeTruthy();
    expect(screen.getByText('Be the first to share your experience!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reviews (0)' })).toBeTruthy();
    expect(screen.getByText('0 reviews')).toBeTruthy();
    const leave = screen.getByRole('link', { name: 'Log in to write a review' });
    expect(leave.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/Lena-Ink?tab=reviews&review=1')}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a German visitor to the German login page', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/reviews/user/41': () => jsonResponse(page([], 0, 0)) })));
    await renderWithApp(tab(), { path: '/de/Lena-Ink?tab=reviews', namespaces: ['reviews'] });
    const leave = await screen.findByRole('link', { name: 'Melde dich an, um eine Bewertung zu schreiben' });
    expect(leave.getAttribute('href')).toMatch(/^\/de\/login\?redirect=/);
    expect(decodeURIComponent(leave.getAttribute('href')?.split('redirect=')[1] ?? '')).toBe('/de/Lena-Ink?tab=reviews&review=1');
  });

  it('lists reviews with type, time, stars and the comment as text, and loads more by cursor', async () => {
    const first = Array.from({ length: 20 }, (_, i) => review({ rating: i % 2 ? 4 : 5 }));
    const script = review({ comment: '<script>alert(1)</script>\nSecond line', rating: 3, reviewer: { id: 1, name: 'Mara Ink', username: 'Mara Ink', avatar: null, userType: 'artist' } });
    first[0] = script;
    const last = first[19] as Review;
    const older = review({ rating: 1 });
    const fetch = vi.fn(
      answerFetch({
        '/api/reviews/user/41': (url) => jsonResponse(url.includes('cursor=') ? page([older], 21, 4.3) : page(first, 21, 4.3, last.id)),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(tab(), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'] });
    const list = await screen.findByRole('list', { name: 'Reviews of Lena Hoffmann' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('4.3')).toBeTruthy();
    expect(screen.getByText('21 reviews')).toBeTruthy();
    const item = within(list).getByRole('article', { name: 'Review by Mara Ink' });
    expect(within(item).getByRole('link', { name: 'Mara Ink' }).getAttribute('href')).toBe('/Mara-Ink');
    expect(within(item).getByText(/Tattoo Artist/)).toBeTruthy();
    expect(within(item).getByText('3 days ago')).toBeTruthy();
    const comment = within(item).getByText(/<script>alert\(1\)<\/script>/);
    expect(comment.textContent).toBe('<script>alert(1)</script>\nSecond line');
    expect(comment.className).toContain('whitespace-pre-line');
    expect(item.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(fetch).toHaveBeenCalledWith(`/api/reviews/user/41?cursor=${last.id}`, expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('creates a review: the entry shows first, the count grows and the average is recomputed, without a reload', async () => {
    const existing = [review({ rating: 4 }), review({ rating: 4 })];
    const saved = review({ reviewerId: 7, rating: 5, comment: 'Great guest!', reviewer: { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' }, can: { edit: true, delete: true } });
    saved.createdAt = saved.updatedAt = new Date().toISOString();
    let listCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        answerFetch({
          '/api/reviews/user/41': () => {
            listCalls++;
            return jsonResponse(page(existing, 2, 4));
          },
          '/api/reviews/check/41': () => jsonResponse({ hasReviewed: false, review: null, canReview: true, reason: null }),
          '/api/reviews/simple': () => jsonResponse({ success: true, review: saved }, 201),
          // The server's exact figures after the save.
          '/api/reviews/stats/41': () => jsonResponse({ success: true, totalReviews: 3, averageRating: 4.3 }),
        }),
      ),
    );
    await renderWithApp(tab(), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'], session: { state: 'loggedIn', user: studio } });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave a review' }));
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars: Excellent' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Your experience/ }), { target: { value: 'Great guest!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review successfully saved!'));
    const list = screen.getByRole('list', { name: 'Reviews of Lena Hoffmann' });
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(3);
    expect(items[0]?.getAttribute('aria-label')).toBe('Review by Nadelwerk Berlin');
    expect(screen.getByRole('heading', { name: 'Reviews (3)' })).toBeTruthy();
    expect(screen.getByText('3 reviews')).toBeTruthy();
    // (4 + 4 + 5) / 3 = 4.33 -> 4.3.
    expect(await screen.findByText('4.3')).toBeTruthy();
    // The button turns into editing.
    expect(await screen.findByRole('button', { name: 'Edit your review' })).toBeTruthy();
    expect(listCalls).toBe(1);
  });

  it('edits a review: replaced in place, the count stays, the average follows the new rating', async () => {
    const mine = review({ reviewerId: 7, rating: 2, comment: 'Meh.', reviewer: { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' }, can: { edit: true, delete: true } });
    const other = review({ rating: 4 });
    const edited = { ...mine, rating: 5, comment: 'Actually great.', updatedAt: new Date().toISOString() };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        answerFetch({
          '/api/reviews/user/41': () => jsonResponse(page([other, mine], 2, 3)),
          '/api/reviews/check/41': () => jsonResponse({ hasReviewed: true, review: mine, canReview: true, reason: null }),
          '/api/reviews/simple': () => jsonResponse({ success: true, review: edited }),
          '/api/reviews/stats/41': () => new Response(null, { status: 503 }),
        }),
      ),
    );
    await renderWithApp(tab(), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'], session: { state: 'loggedIn', user: studio } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your review' }));
    expect(screen.getByRole('radio', { name: '2 stars: Poor' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '5 stars: Excellent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    const items = within(screen.getByRole('list', { name: 'Reviews of Lena Hoffmann' })).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(within(items[1] as HTMLElement).getByText('Actually great.')).toBeTruthy();
    expect(screen.getByText('2 reviews')).toBeTruthy();
    // (4 + 5) / 2 = 4.5, kept locally when the stats call fails.
    expect(await screen.findByText('4.5')).toBeTruthy();
  });

  it('lets the reviewer delete their review after confirming', async () => {
    const mine = review({ reviewerId: 7, rating: 1, reviewer: { id: 7, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null, userType: 'studio' }, can: { edit: true, delete: true } });
    const fetch = vi.fn(
      answerFetch({
        '/api/reviews/user/41': () => jsonResponse(page([mine, review({ rating: 5 })], 2, 3)),
        '/api/reviews/check/41': () => jsonResponse({ hasReviewed: true, review: mine, canReview: true, reason: null }),
        [`/api/reviews/${mine.id}`]: () => jsonResponse({ success: true }),
        '/api/reviews/stats/41': () => jsonResponse({ success: true, totalReviews: 1, averageRating: 5 }),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(tab(), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'], session: { state: 'loggedIn', user: studio } });
    const buttons = await screen.findAllByRole('button', { name: 'Delete review' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('1 review')).toBeTruthy());
    expect(fetch).toHaveBeenCalledWith(`/api/reviews/${mine.id}`, expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByRole('button', { name: 'Leave a review' })).toBeTruthy();
  });

  it('shows no button to the owner and asks the server nothing about them', async () => {
    const fetch = vi.fn(answerFetch({ '/api/reviews/user/41': () => jsonResponse(page([review()], 1, 5)) }));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(tab(true), { path: '/Lena-Ink?tab=reviews', namespaces: ['reviews'], session: { state: 'loggedIn', user: createSessionUser({ id: 41 }) } });
    expect(await screen.findByText('1 review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /review/i })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/check/'))).toBe(false);
  });
});
