import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createGuestSpotListItem, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { GuestSpotListPage } from './list-page';

const styles = [
  { id: 9, slug: 'dotwork', name: 'Dotwork' },
  { id: 11, slug: 'fine-line', name: 'Fine Line' },
];
const countries = [
  { id: 80, code: 'DE', name: 'Germany', cities: [{ id: 1194, name: 'Berlin', countryId: 80, countryCode: 'DE' }] },
  { id: 14, code: 'AT', name: 'Austria', cities: [] },
];

function mockApi(items = [createGuestSpotListItem({ title: 'Summer in Kreuzberg', slug: 'summer-in-kreuzberg' })], total = items.length) {
  const fetch = vi.fn(
    answerFetch({
      '/api/styles': () => jsonResponse(styles),
      '/countries-cities-completed.json': () => jsonResponse(countries),
      '/api/guest-spots': () => jsonResponse({ items, total, page: 1, pageSize: 12 }),
      '/api/locations/search': () =>
        jsonResponse({ results: [{ cityId: 1194, name: 'Berlin', countryCode: 'DE', countryName: 'Germany', lat: 52.52, lng: 13.4 }] }),
    }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const listCalls = (fetch: ReturnType<typeof mockApi>) => fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/guest-spots'));

describe('guest spot list', () => {
  it('shows each spot as one card linking to its canonical page', async () => {
    mockApi();
    await renderWithApp(<GuestSpotListPage />, { path: '/guestspots', namespaces: ['guestSpots', 'listings'] });
    const card = await screen.findByRole('link', { name: /Summer in Kreuzberg/ }, { timeout: 5000 });
    expect(card.getAttribute('href')).toBe('/guestspot/summer-in-kreuzberg');
    expect(card.textContent).toContain('Nadelwerk Berlin');
    expect(card.textContent).toContain('Berlin, Germany');
    expect(card.textContent).toContain('12/01/2026 – 01/15/2027');
    expect(card.textContent).toContain('60/40');
    expect(within(card).getByText('Fine Line')).toBeTruthy();
    expect(screen.getByText('1 guest spot')).toBeTruthy();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const fetch = mockApi();
    const { router } = await renderWithApp(<GuestSpotListPage />, { path: '/guestspots/page/3', namespaces: ['guestSpots', 'listings'] });
    await screen.findByRole('link', { name: /Summer in Kreuzberg/ }, { timeout: 5000 });
    expect(listCalls(fetch)).toContain('/api/guest-spots?page=3');

    await screen.findByRole('option', { name: 'Fine Line' });
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: '11' } });
    // A new filter goes back to the first page.
    expect(router.state.location.pathname).toBe('/guestspots');
    expect(router.state.location.search).toBe('?style=11');

    await screen.findByRole('option', { name: 'Germany' });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'DE' } });
    const city = screen.getByRole('combobox', { name: 'City' });
    fireEvent.focus(city);
    fireEvent.change(city, { target: { value: 'ber' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Berlin/ }, { timeout: 5000 }));
    expect(router.state.location.search).toBe('?style=11&country=DE&city=1194');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/locations/search?q=ber');

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kreuzberg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?style=11&country=DE&city=1194&q=kreuzberg');
    await vi.waitFor(() => expect(listCalls(fetch)).toContain('/api/guest-spots?style=11&country=DE&city=1194&q=kreuzberg&page=1'));
  });

  it('links the globe map showing this kind, at the filtered city, in the page language', async () => {
    mockApi();
    await renderWithApp(<GuestSpotListPage />, { path: '/de/guestspots?country=DE&city=1194', namespaces: ['guestSpots', 'listings', 'locations'] });
    const link = await screen.findByRole('link', { name: 'Auf der Karte zeigen' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/de/map?show=guestspots&city=1194');
  });

  it('pages with links that keep the filters', async () => {
    mockApi(Array.from({ length: 12 }, () => createGuestSpotListItem()), 30);
    await renderWithApp(<GuestSpotListPage />, { path: '/de/guestspots?style=9', namespaces: ['guestSpots', 'listings'] });
    const nav = await screen.findByRole('navigation', { name: 'Seiten' }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Seite 2' }).getAttribute('href')).toBe('/de/guestspots/page/2?style=9');
    expect(within(nav).getByRole('link', { name: /Weiter/ }).getAttribute('href')).toBe('/de/guestspots/page/2?style=9');
    expect(within(nav).getByRole('link', { name: 'Seite 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows skeleton cards while loading and an empty state with the action that fills it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        answerFetch({
          '/api/styles': () => jsonResponse(styles),
          '/countries-cities-completed.json': () => jsonResponse(countries),
          '/api/guest-spots': async () => {
            await gate;
            return jsonResponse({ items: [], total: 0, page: 1, pageSize: 12 });
          },
        }),
      ),
    );
    await renderWithApp(<GuestSpotListPage />, { path: '/guestspots', namespaces: ['guestSpots', 'listings'] });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    release();
    expect(await screen.findByText('No guest spots right now.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create a guest spot' }).map((a) => a.getAttribute('href'))).toContain('/guestspot/new');
  });
});
