import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { PaymentNotice } from './payment-notice';

describe('dashboard payment notice', () => {
  it("payment=success shows the spec's text in German, leaves the address and loads the session anew", async () => {
    const user = createSessionUser({ featuredUntil: null });
    const fetch = vi.fn(answerFetch({ '/api/auth/refresh-session': () => jsonResponse({ success: true, user: { ...user, featuredUntil: '2026-12-24T12:00:00.000Z' } }) }));
    vi.stubGlobal('fetch', fetch);
    const { router } = await renderWithApp(<PaymentNotice />, { path: '/de/dashboard?payment=success', namespaces: ['dashboard'], session: { state: 'loggedIn', user } });
    expect((await screen.findByRole('status')).textContent).toContain('Deine Zahlung wurde erfolgreich abgeschlossen! Dein Featured-Status ist jetzt aktiv.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/refresh-session', expect.anything()));
  });

  it.each([
    ['de', 'instagram_feed_post', 'Deine Feed-Promotion ist gebucht: Plane einen Beitrag, um sie einzulösen.'],
    ['en', 'instagram_story', 'Your story promotion is booked: plan a post to use it.'],
    ['fr', 'instagram_reel', "Ta promotion en reel est réservée : planifie une publication pour l'utiliser."],
  ])('after a promotion (%s, %s) names what was bought, never the featured status', async (lang, product, expected) => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/refresh-session': () => jsonResponse({ success: true, user: createSessionUser() }) })));
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const { router } = await renderWithApp(<PaymentNotice />, {
      path: `${prefix}/dashboard?payment=success&product=${product}`,
      namespaces: ['dashboard', 'payments'],
      session: { state: 'loggedIn', user: createSessionUser() },
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(expected);
    expect(notice.textContent).not.toMatch(/featured/i);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("a featured product keeps the spec's text; an unknown product is ignored", async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/auth/refresh-session': () => jsonResponse({ success: true, user: createSessionUser() }) })));
    await renderWithApp(<PaymentNotice />, {
      path: '/dashboard?payment=success&product=featured_studio',
      namespaces: ['dashboard', 'payments'],
      session: { state: 'loggedIn', user: createSessionUser() },
    });
    expect((await screen.findByRole('status')).textContent).toContain('Your payment has been successfully completed! Your featured status is now active.');
  });

  it("payment=error shows the spec's error text and changes nothing else", async () => {
    const fetch = vi.fn(answerFetch({}));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(<PaymentNotice />, { path: '/dashboard?payment=error', namespaces: ['dashboard'], session: { state: 'loggedIn', user: createSessionUser() } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while processing your payment. Please try again later or contact support.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
