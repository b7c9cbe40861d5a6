import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSessionUser, jsonResponse } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { HintsBox, HintsProvider } from '../../../ui/hints';
import { createPost, mockApi } from '../test-data';
import { PostsTile } from './posts-tile';

const render = (path = '/dashboard', user = createSessionUser({ username: 'Lena Ink' })) =>
  renderWithApp(
    <HintsProvider>
      <HintsBox title="Hints" />
      <PostsTile />
    </HintsProvider>,
    { path, namespaces: ['posts'], session: { state: 'loggedIn', user } },
  );

describe('planned posts tile', () => {
  it('counts the upcoming posts and links to the list and the editor', async () => {
    mockApi({ 'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [createPost(), createPost({ status: 'draft' })] }) });
    await render('/de/dashboard');
    expect(await screen.findByText('2 anstehend')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beiträge ansehen' }).getAttribute('href')).toBe('/de/Lena-Ink/posts');
    expect(screen.getByRole('link', { name: 'Beitrag planen' }).getAttribute('href')).toBe('/de/Lena-Ink/instapost');
  });

  it('shows a loading state, then the empty text', async () => {
    mockApi({ 'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [] }) });
    await render();
    expect(screen.getByRole('status', { name: 'Loading planned posts…' })).toBeTruthy();
    expect(await screen.findByText('No planned posts yet.')).toBeTruthy();
  });

  it.each([
    {
      failure: 'no answer, with the general text',
      answer: (): Response => {
        throw new TypeError('Failed to fetch');
      },
      text: 'Your planned posts could not be loaded.',
    },
    { failure: 'the reason the server gave', answer: () => jsonResponse({ success: false, error: 'Too many upcoming posts.' }, 409), text: 'Too many upcoming posts.' },
  ])('lists a load failure in the hints box: $failure', async ({ answer, text }) => {
    mockApi({ 'GET /api/instagram/posts': answer });
    await render();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText('–')).toBeTruthy();
  });

  it('falls back to the dashboard without a username', async () => {
    mockApi({ 'GET /api/instagram/posts': () => jsonResponse({ success: true, posts: [] }) });
    await render('/dashboard', createSessionUser({ username: '' }));
    expect(screen.getByRole('link', { name: 'View posts' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Plan a post' }).getAttribute('href')).toBe('/dashboard');
  });
});
