import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import UpsellPage from './upsell-page';
import { createPost, createProducts, FEATURED_UNTIL, mockApi } from './test-data';

vi.mock('../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const user = () => createSessionUser({ username: 'Lena Ink', featuredUntil: FEATURED_UNTIL() });

const render = (path: string) =>
  renderWithApp(<UpsellPage />, {
    path,
    namespaces: ['posts', 'errors'],
    session: { state: 'loggedIn', user: user() },
    routes: [
      { path: '/checkout/test/:orderId', element: <p>test checkout</p> },
      { path: '/de/checkout/test/:orderId', element: <p>test checkout</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
  });

const offer = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('upsell page', () => {
  it('shows the three promotions with prices in the interface language and the credits', async () => {
    const post = createPost();
    mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
    });
    await render(`/de/Lena-Ink/posts/upsell/${post.id}`);
    expect(await screen.findByRole('heading', { name: 'Feed-Promotion' })).toBeTruthy();
    const feed = within(offer('Feed-Promotion'));
    expect(feed.getByText('9,90 €')).toBeTruthy();
    expect(feed.getByText('Dein Guthaben dafür: 1')).toBeTruthy();
    expect(feed.getByRole('button', { name: 'Guthaben nutzen' })).toBeTruthy();
    expect(feed.getByRole('button', { name: /^Für 9,90\s€ kaufen$/ })).toBeTruthy();
    const reel = within(offer('Reel-Promotion'));
    expect(reel.getByText('14,90 €')).toBeTruthy();
    expect(reel.queryByRole('button', { name: 'Guthaben nutzen' })).toBeNull();
    expect(reel.getByRole('button', { name: /^Für 14,90\s€ kaufen$/ })).toBeTruthy();
  });

  it('spends a credit on the post', async () => {
    const post = createPost();
    let current = post;
    let products = createProducts();
    const calls = mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post: current }),
      'GET /api/payments/products': () => jsonResponse(products),
      'POST /api/instagram/posts/': () => {
        current = { ...post, promotions: [{ id: 5, productType: 'instagram_feed_post', status: 'requested', createdAt: new Date().toISOString(), permalink: null, reason: null }] };
        current.promotion = current.promotions[0] ?? null;
        products = createProducts({ credits: { instagram_feed_post: 0, instagram_story: 1, instagram_reel: 0 } });
        return jsonResponse({ success: true, post: current });
      },
    });
    await render(`/Lena-Ink/posts/upsell/${post.id}`);
    fireEvent.click(within(await screen.findByRole('heading', { name: 'Feed post promotion' }).then(() => offer('Feed post promotion'))).getByRole('button', { name: 'Use a credit' }));
    expect(await screen.findByText('Booked: requested')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: `/api/instagram/posts/${post.id}/promotion`, body: { productType: 'instagram_feed_post' } });
    await waitFor(() => expect(within(offer('Feed post promotion')).getByText('You have 0 credits for this.')).toBeTruthy());
  });

  it('buys a reel for this post and goes to the provider, coming back to this page', async () => {
    const post = createPost();
    const orderId = '5b0c3f9e-2a47-4c1e-9d0b-6f6a1f7e2c11';
    const calls = mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
      'POST /api/payments/create-order': () => jsonResponse({ success: true, orderId, approveUrl: `/checkout/test/${orderId}`, message: 'Order created.' }),
    });
    const { router } = await render(`/de/Lena-Ink/posts/upsell/${post.id}`);
    fireEvent.click(within(await screen.findByRole('heading', { name: 'Reel-Promotion' }).then(() => offer('Reel-Promotion'))).getByRole('button', { name: /^Für 14,90\s€ kaufen$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/de/checkout/test/${orderId}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ productType: 'instagram_reel', postId: post.id, returnPath: `/de/Lena-Ink/posts/upsell/${post.id}` });
  });

  it('sends PayPal buyers to the premium section of the dashboard', async () => {
    const post = createPost();
    const calls = mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts({ provider: 'paypal' })),
    });
    const { router } = await render(`/Lena-Ink/posts/upsell/${post.id}`);
    fireEvent.click(within(await screen.findByRole('heading', { name: 'Reel promotion' }).then(() => offer('Reel promotion'))).getByRole('button', { name: 'Buy for €14.90' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.hash).toBe('#premium');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the result of a payment once and removes it from the address', async () => {
    const post = createPost({ promotions: [{ id: 9, productType: 'instagram_reel', status: 'requested', createdAt: new Date().toISOString(), permalink: null, reason: null }] });
    mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
    });
    const { router } = await render(`/Lena-Ink/posts/upsell/${post.id}?payment=success`);
    expect(await screen.findByText('Payment completed. Your promotion is booked for this post.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(offer('Reel promotion')).getByText('Booked: requested')).toBeTruthy();
  });

  it('says so when the payment failed', async () => {
    const post = createPost();
    mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
    });
    await render(`/Lena-Ink/posts/upsell/${post.id}?payment=error`);
    expect(await screen.findByText('The payment did not go through. Nothing was charged; please try again.')).toBeTruthy();
  });

  it('offers nothing for a draft and links to planning it', async () => {
    const post = createPost({ status: 'draft' });
    mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
    });
    await render(`/Lena-Ink/posts/upsell/${post.id}`);
    expect(await screen.findByText('Only planned posts can be promoted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Plan this post' }).getAttribute('href')).toBe(`/Lena-Ink/instapost/${post.id}`);
    expect(screen.queryByRole('button', { name: 'Use a credit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Buy for/ })).toBeNull();
  });

  it('shows not found for an unknown post', async () => {
    mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: false, error: 'Post not found.' }, 404),
      'GET /api/payments/products': () => jsonResponse(createProducts()),
    });
    await render('/Lena-Ink/posts/upsell/4242');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
