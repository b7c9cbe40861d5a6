import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../../../common/schemas/search';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { searchAnswer, searchResult } from './search-fixtures.testing';
import SearchPage from './search-page';

const serve = (answer: (url: URL) => SearchAnswer) => {
  const fetch = vi.fn(answerFetch({ '/api/search': (url) => jsonResponse(answer(new URL(url, 'http://x'))) }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

describe('search page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the hits with their type, the matched words marked, and a tab per type with its count', async () => {
    serve(() =>
      searchAnswer(
        'berlin',
        [
          searchResult({ id: 1, title: 'Lena Hoffmann', snippet: 'Berlin · Fine Line', highlights: [[0, 6]], url: '/Lena-Ink' }),
          searchResult({ type: 'guestspots', id: 9, title: 'Gastplatz Kreuzberg', snippet: 'Wir suchen Gäste in Berlin.', highlights: [[20, 26]], url: '/guestspot/gastplatz-kreuzberg', verified: true }),
        ],
        { counts: { profiles: 3, guestspots: 1, availabilities: 0, threads: 0 } },
      ),
    );
    await renderWithApp(<SearchPage />, { path: '/de/search?q=berlin', namespaces: ['search'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ergebnisse für „berlin“' })).toBeDefined();
    const tabs = await screen.findAllByRole('tab');
    // The forum's tab waits for the forum's first thread.
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Alle4', 'Profile3', 'Gastplätze1', 'Verfügbarkeiten0']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const link = screen.getByRole('link', { name: 'Gastplatz Kreuzberg' });
    expect(link.getAttribute('href')).toBe('/de/guestspot/gastplatz-kreuzberg');
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('Gastplatz')).toBeDefined();
    // A verified studio's hit carries the badge, in words; the others do not.
    expect(within(item).getByText('Verifiziertes Studio')).toBeDefined();
    expect(within(screen.getByRole('link', { name: 'Lena Hoffmann' }).closest('li') as HTMLElement).queryByText('Verifiziertes Studio')).toBeNull();
    expect([...item.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Berlin']);
    expect(item.querySelector('p')?.textContent).toBe('Wir suchen Gäste in Berlin.');
  });

  it('shows a capped count as a lower bound, in the page language, and the sum over it too', async () => {
    serve(() =>
      searchAnswer('blackwork', [searchResult({ id: 1, title: 'Lena Hoffmann' })], {
        counts: { profiles: 1000, guestspots: 12, availabilities: 0, threads: 100 },
        countsCapped: ['profiles', 'threads'],
      }),
    );
    await renderWithApp(<SearchPage />, { path: '/de/search?q=blackwork', namespaces: ['search'] });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Alle1.112+', 'Profile1.000+', 'Gastplätze12', 'Verfügbarkeiten0', 'Forum100+']);
  });

  it('switches tabs through the address and loads more with the cursor', async () => {
    const fetch = serve((url) => {
      const cursor = url.searchParams.get('cursor');
      const page = cursor ? [searchResult({ id: 3, title: 'Dritte' })] : [searchResult({ id: 1, title: 'Erste' }), searchResult({ id: 2, title: 'Zweite' })];
      return searchAnswer('ink', page, { counts: { profiles: 3, guestspots: 0, availabilities: 0, threads: 0 }, nextCursor: cursor ? null : 'abc' });
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(<SearchPage />, { path: '/de/search?q=ink', namespaces: ['search'] });
    await screen.findByRole('link', { name: 'Erste' });
    await user.click(screen.getByRole('button', { name: 'Weitere Ergebnisse' }));
    await screen.findByRole('link', { name: 'Dritte' });
    expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/search?q=ink&cursor=abc');
    expect(screen.queryByRole('button', { name: 'Weitere Ergebnisse' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /Profile/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ink&type=profiles'));
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)?.[0])).toBe('/api/search?q=ink&type=profiles'));
    expect(screen.getByRole('tab', { name: /Profile/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers hints when nothing is found, and asks for a query when there is none', async () => {
    serve(() => searchAnswer('xyzzy', []));
    await renderWithApp(<SearchPage />, { path: '/search?q=xyzzy', namespaces: ['search'] });
    expect(await screen.findByText('Nothing found for “xyzzy”')).toBeDefined();
    expect(screen.getByText('Fewer words find more: every word has to appear.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse guest spots' }).getAttribute('href')).toBe('/guestspots');
  });

  it('asks for at least two characters without calling the API, and searches what is typed', async () => {
    const fetch = serve(() => searchAnswer('fine', [searchResult({ title: 'Fine Line Studio' })]));
    const user = userEvent.setup();
    const { router } = await renderWithApp(<SearchPage />, { path: '/fr/search?q=a', namespaces: ['search'] });
    expect(await screen.findByText('Que cherches-tu ?')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
    const field = screen.getByRole('searchbox', { name: 'Terme de recherche' });
    await user.clear(field);
    await user.type(field, 'fine{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/fr/search?q=fine'));
    expect(await screen.findByRole('link', { name: 'Fine Line Studio' })).toBeDefined();
  });
});
