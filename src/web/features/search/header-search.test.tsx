import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { HeaderSearch } from './header-search';
import { searchAnswer, searchResult } from './search-fixtures.testing';

const HITS = [
  searchResult({ id: 1, title: 'Lena Hoffmann', url: '/Lena-Ink' }),
  searchResult({ type: 'guestspots', id: 7, title: 'Gastplatz in Berlin', url: '/guestspot/gastplatz-in-berlin', snippet: 'Berlin · Kreuzberg', highlights: [[0, 6]] }),
];

describe('header search box', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const setup = async () => {
    const fetch = vi.fn(answerFetch({ '/api/search': (url) => jsonResponse(searchAnswer(new URL(url, 'http://x').searchParams.get('q') ?? '', HITS)) }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const view = await renderWithApp(<HeaderSearch />, { path: '/de/', namespaces: ['search'] });
    const box = screen.getByRole('combobox', { name: 'Seite durchsuchen' });
    return { ...view, user, box, fetch };
  };

  it('is a combobox that suggests hits as one types, and picks one with the keys', async () => {
    const { user, box, router, fetch } = await setup();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    await user.type(box, 'ber');
    const list = await screen.findByRole('listbox', { name: 'Vorschläge' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Lena Hoffmann'), expect.stringContaining('Gastplatz in Berlin'), 'Alle Ergebnisse für „ber“']);
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('/api/search?q=ber&limit=6');
    expect(screen.getByRole('status').textContent).toBe('2 Vorschläge');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    // Focus never leaves the input.
    expect(document.activeElement).toBe(box);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/guestspot/gastplatz-in-berlin'));
  });

  it('closes with Escape, then empties the box; Enter without a choice opens the search page', async () => {
    const { user, box, router } = await setup();
    await user.type(box, 'berlin');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('berlin');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    await user.type(box, 'fine line{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/search'));
    expect(router.state.location.search).toBe('?q=fine+line');
  });

  it('a click picks a suggestion; leaving the box closes the list', async () => {
    const { user, box, router } = await setup();
    await user.type(box, 'lena');
    await screen.findByRole('option', { name: /Lena Hoffmann/ });
    act(() => box.blur());
    expect(box.getAttribute('aria-expanded')).toBe('false');
    act(() => box.focus());
    await user.type(box, 'x');
    await user.click(await screen.findByRole('option', { name: /Lena Hoffmann/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/Lena-Ink'));
    // The picked hit leaves the box empty for the next search.
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('links to the search page on narrow screens', async () => {
    await setup();
    expect(screen.getByRole('link', { name: 'Suche' }).getAttribute('href')).toBe('/de/search');
  });
});
