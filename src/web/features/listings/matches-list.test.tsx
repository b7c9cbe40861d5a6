import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCardImage } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { MatchesList, type MatchItem } from './matches-list';

const match = (over: Partial<MatchItem>): MatchItem => ({
  key: 1,
  owner: { name: 'Mara Lindqvist', username: 'mara ink', avatar: null },
  title: 'Berlin in June',
  href: '/tattooartist/berlin-in-june',
  startDate: '2026-06-01',
  endDate: '2026-06-20',
  place: 'Berlin',
  reasons: { daysInCommon: 12, sameCity: true, sameCountry: true, stylesInCommon: [{ id: 2, name: 'Fine Line' }, { id: 1, name: 'Dotwork' }] },
  images: [],
  pictures: 'strip',
  ...over,
});

const render = (data: MatchItem[], path = '/') =>
  renderWithApp(<MatchesList title="Matching artists" intro="Best first." empty="None yet." query={{ isPending: false, isError: false, data }} />, {
    path,
    namespaces: ['listings', 'listingsEntry'],
  });

describe('matches list', () => {
  it('shows why each entry fits as short chips, and no bare score', async () => {
    await render([
      match({}),
      match({ key: 2, owner: { name: 'Jonas Roth', username: 'jonas', avatar: null }, reasons: { daysInCommon: 1, sameCity: false, sameCountry: true, stylesInCommon: [] } }),
      match({ key: 3, owner: { name: 'Ana Sol', username: 'ana', avatar: null }, reasons: { daysInCommon: 3, sameCity: false, sameCountry: false, stylesInCommon: [] } }),
    ]);
    const [first, second, third] = screen.getAllByRole('list', { name: 'Why it fits' });
    expect(within(first as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['12 days in common', 'Same city', 'Styles in common: Fine Line, Dotwork']);
    expect(within(second as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 day in common', 'Same country']);
    expect(within(third as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3 days in common']);
    expect(screen.queryByText(/Match \d+|Fit \d+/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Mara Lindqvist' }).getAttribute('href')).toBe('/mara-ink');
    expect(screen.getAllByRole('link', { name: 'Berlin in June' })[0]?.getAttribute('href')).toBe('/tattooartist/berlin-in-june');
  });

  it('speaks the page’s language', async () => {
    await render([match({})], '/de/');
    const chips = within(screen.getByRole('list', { name: 'Warum es passt' })).getAllByRole('listitem');
    expect(chips.map((li) => li.textContent)).toEqual(['12 gemeinsame Tage', 'Gleiche Stadt', 'Gemeinsame Stile: Fine Line, Dotwork']);
  });

  it('leads each card with pictures of the other’s work, sized boxes reserved', async () => {
    const images = [createCardImage({ id: 5 }), createCardImage({ id: 6 })];
    const { container } = await render([match({ images })]);
    const strip = container.querySelector('[data-variant="strip"]');
    expect(strip).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Tattoo by Mara Lindqvist' });
    expect(img.getAttribute('width')).toBeTruthy();
    expect(img.getAttribute('height')).toBeTruthy();
    expect(img.getAttribute('srcset')).toContain('w');
  });
});
