import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedItem, FeedPage } from '../../../common/schemas/follows';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { FollowingFeedCard } from './following-feed-card';
import { ProfileFollow } from './profile-follow';

afterEach(() => vi.unstubAllGlobals());

const me = createSessionUser({ id: 7, userType: 'studio' });
const loggedIn = { state: 'loggedIn' as const, user: me };
const lena = { id: 12, name: 'Lena Ink', followers: 4, can: { edit: false, delete: false } };

const item = (overrides: Partial<FeedItem>): FeedItem => ({
  kind: 'availability', id: 1, title: 'Berlin in May', url: '/tattooartist/berlin-in-may', thumbnail: null, createdAt: '2030-05-01T10:00:00.000Z',
  startDate: '2030-05-10', endDate: '2030-05-20', place: 'Berlin', owner: { id: 12, name: 'Lena Ink', username: 'Lena Ink', avatar: null, userType: 'artist' }, ...overrides,
});

describe('follow button', () => {
  it('follows at once (aria-pressed, count up) by keyboard, and puts it back when the server refuses', async () => {
    let fail = false;
    const calls = mockApi({
      'GET /api/follows/12': () => jsonResponse({ following: false, followers: 4 }),
      'PUT /api/follows/12': () => (fail ? jsonResponse({ error: 'Nope' }, 500) : new Promise<Response>((resolve) => setTimeout(() => resolve(jsonResponse({ following: true, followers: 5 })), 50))),
      'DELETE /api/follows/12': () => jsonResponse({ following: false, followers: 4 }),
    });
    await renderWithApp(<ProfileFollow profile={lena} />, { namespaces: ['follows'], session: loggedIn });
    const button = await screen.findByRole('button', { name: 'Follow Lena Ink' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    // Optimistic: pressed and counted before the answer arrives.
    expect(screen.getByRole('button', { name: 'Following Lena Ink, press to unfollow' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('5 followers')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Following Lena Ink, press to unfollow' }));
    await screen.findByText('4 followers');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Follow Lena Ink' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow Lena Ink' }).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByText('4 followers')).toBeTruthy();
  });

  it('shows a visitor and the owner the count only, in German', async () => {
    mockApi({});
    const { unmount } = await renderWithApp(<ProfileFollow profile={{ ...lena, followers: 1 }} />, { path: '/de/Lena-Ink', namespaces: ['follows'] });
    expect(await screen.findByText('1 Follower')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    await renderWithApp(<ProfileFollow profile={{ ...lena, id: 7, can: { edit: true, delete: true } }} />, { namespaces: ['follows'], session: loggedIn });
    expect(await screen.findByText('4 followers')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('following feed card', () => {
  it('lists items with picture, kind, title and date, and loads more', async () => {
    const first: FeedPage = {
      items: [
        item({ kind: 'portfolio', id: 9, title: null, thumbnail: '/uploads/gallery/12/a-thumb.webp', url: '/Lena-Ink?tab=portfolio', startDate: null, endDate: null, place: null }),
        item({ kind: 'stay', id: 3, title: 'Nadelwerk Berlin', url: '/Lena-Ink/tour' }),
      ],
      nextCursor: '2030-05-01T10:00:00.000Z_stay_3',
    };
    const calls = mockApi({
      'GET /api/follows/feed?cursor=': () => jsonResponse({ items: [item({ id: 1 })], nextCursor: null }),
      'GET /api/follows/feed': () => jsonResponse(first),
      'GET /api/follows/preferences': () => jsonResponse({ weeklyMail: false }),
      'PUT /api/follows/preferences': (_url, body) => jsonResponse(body),
    });
    await renderWithApp(<FollowingFeedCard />, { path: '/dashboard', namespaces: ['follows'], session: loggedIn });
    expect(await screen.findByText('Lena Ink added to the portfolio')).toBeTruthy();
    expect(screen.getByText('New piece').closest('a')?.getAttribute('href')).toBe('/Lena-Ink?tab=portfolio');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/uploads/gallery/12/a-thumb.webp');
    expect(screen.getByText('Guest stay with Nadelwerk Berlin')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Berlin in May')).toBeTruthy();
    expect(calls.some((c) => c.url.includes(`cursor=${encodeURIComponent(first.nextCursor as string)}`))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const box = screen.getByRole('checkbox', { name: 'Weekly mail of this feed' });
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false));
    await userEvent.click(box);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weeklyMail: true }));
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('says what is missing when nobody is followed, and offers a retry on failure, in German', async () => {
    mockApi({ 'GET /api/follows/feed': () => jsonResponse({ items: [], nextCursor: null }), 'GET /api/follows/preferences': () => jsonResponse({ weeklyMail: true }) });
    const { unmount } = await renderWithApp(<FollowingFeedCard />, { path: '/de/dashboard', namespaces: ['follows'], session: loggedIn });
    expect(await screen.findByText('Noch nichts hier')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Künstler finden' }).getAttribute('href')).toBe('/de/tattooartists');
    unmount();
    mockApi({ 'GET /api/follows/feed': () => jsonResponse({ error: 'Kaputt' }, 500), 'GET /api/follows/preferences': () => jsonResponse({ weeklyMail: true }) });
    await renderWithApp(<FollowingFeedCard />, { path: '/de/dashboard', namespaces: ['follows'], session: loggedIn });
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
