import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HintsBox, HintsProvider } from '../../ui/hints';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { ForumTile } from './dashboard-tile';
import { forumSummary } from './forum-fixtures.testing';

const tile = (
  <HintsProvider>
    <HintsBox title="Hinweise" />
    <ForumTile />
  </HintsProvider>
);

describe('dashboard forum tile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a loading state, then the three latest threads with category, replies and time, and the way to the forum', async () => {
    const fetch = vi.fn(answerFetch({ '/api/forum/threads/latest': () => jsonResponse({ success: true, threads: [forumSummary(), forumSummary({ id: 42, title: 'Zweites Thema', replyCount: 1 }), forumSummary({ id: 43, title: 'Drittes Thema', replyCount: 0 })] }) }));
    vi.stubGlobal('fetch', fetch);
    await renderWithApp(tile, { path: '/de/dashboard', namespaces: ['forum', 'dashboard'] });
    expect(screen.getByRole('status', { name: 'Neueste Themen werden geladen' })).toBeDefined();
    const first = await screen.findByRole('link', { name: 'Welche Nadel für Linework?' });
    expect(first.getAttribute('href')).toBe('/de/forum/t/41/welche-nadel-fur-linework');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(first.closest('li')?.textContent).toMatch(/Technik & Maschinen · 3 Antworten · /);
    expect(screen.getByText(/1 Antwort ·/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Zum Forum' }).getAttribute('href')).toBe('/de/forum');
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/forum/threads/latest?limit=3');
  });

  it('says so when there are no threads yet', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/forum/threads/latest': () => jsonResponse({ success: true, threads: [] }) })));
    await renderWithApp(tile, { path: '/de/dashboard', namespaces: ['forum', 'dashboard'] });
    expect(await screen.findByText('Noch keine Themen: Beginne das erste.')).toBeDefined();
  });

  it('puts the failure into the hints box', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch({ '/api/forum/threads/latest': () => Promise.reject(new TypeError('offline')) })));
    await renderWithApp(tile, { path: '/en/dashboard', namespaces: ['forum', 'dashboard'] });
    expect(await screen.findByText('Could not load forum threads.')).toBeDefined();
    expect(screen.getByText('–')).toBeDefined();
  });
});
