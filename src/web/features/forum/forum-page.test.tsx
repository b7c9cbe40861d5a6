import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { forumCategory, forumSummary } from './forum-fixtures.testing';
import ForumPage from './forum-page';

describe('forum overview', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const serve = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        answerFetch({
          '/api/forum/categories': () =>
            jsonResponse({ success: true, categories: [forumCategory(), forumCategory({ id: 3, slug: 'introduce-yourself', name: 'Stell dich vor', threadCount: 1, postCount: 1, lastPostAt: null })] }),
          '/api/forum/threads/latest': () =>
            jsonResponse({ success: true, threads: [forumSummary(), forumSummary({ id: 42, slug: 'guest-spot-in-lisbon', title: 'Guest spot in Lisbon?', language: 'en', replyCount: 0 })] }),
        }),
      ),
    );

  it('lists the categories with their counts, linked, and the latest threads', async () => {
    serve();
    await renderWithApp(<ForumPage />, { path: '/de/forum', namespaces: ['forum'] });
    const categories = await screen.findByRole('region', { name: 'Kategorien' });
    const category = await within(categories).findByRole('link', { name: 'Technik & Maschinen' });
    expect(category.getAttribute('href')).toBe('/de/forum/c/technique-machines');
    const item = category.closest('li') as HTMLElement;
    expect(within(item).getByText('12 Themen')).toBeDefined();
    expect(within(item).getByText('48 Beiträge')).toBeDefined();
    expect(screen.getByText('1 Thema')).toBeDefined();
    const latest = screen.getByRole('region', { name: 'Neueste Themen' });
    expect(within(latest).getByRole('link', { name: 'Welche Nadel für Linework?' }).getAttribute('href')).toBe('/de/forum/t/41/welche-nadel-fur-linework');
    expect(within(latest).getByText('3 Antworten')).toBeDefined();
  });

  it('filters by language through the address and carries the filter into the categories', async () => {
    serve();
    await renderWithApp(<ForumPage />, { path: '/de/forum?language=en', namespaces: ['forum'] });
    const latest = await screen.findByRole('region', { name: 'Neueste Themen' });
    expect(await within(latest).findByRole('link', { name: 'Guest spot in Lisbon?' })).toBeDefined();
    expect(within(latest).queryByRole('link', { name: 'Welche Nadel für Linework?' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Englisch' }).getAttribute('aria-current')).toBe('true');
    const categories = screen.getByRole('region', { name: 'Kategorien' });
    expect(within(categories).getByRole('link', { name: 'Technik & Maschinen' }).getAttribute('href')).toBe('/de/forum/c/technique-machines?language=en');
  });
});
