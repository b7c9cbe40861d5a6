import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createAvailabilityListItem, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { AvailabilityListPage } from './list-page';
import { activeFilterCount } from './filter-bar';

const styles = [{ id: 11, slug: 'fine-line', name: 'Fine Line' }];
const countries = [{ id: 80, code: 'DE', name: 'Germany', cities: [{ id: 1194, name: 'Berlin', countryId: 80, countryCode: 'DE' }] }];

const BERLIN = { cityId: 1194, name: 'Berlin', countryCode: 'DE', countryName: 'Deutschland', lat: 52.52, lng: 13.4 };
/** The location searches asked, by address. */
let searches: string[] = [];

function mockApi() {
  searches = [];
  const items = [createAvailabilityListItem({ title: 'Fine line trip', slug: 'fine-line-trip' })];
  const fetch = vi.fn(
    answerFetch({
      '/api/styles': () => jsonResponse(styles),
      '/countries-cities-completed.json': () => jsonResponse(countries),
      '/api/artist-availability': () => jsonResponse({ items, total: 40, page: 1, pageSize: 12 }),
      '/api/locations/search': (url) => {
        searches.push(url);
        return jsonResponse({ results: [BERLIN] });
      },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('list filters on a phone', () => {
  it('counts the set filters', () => {
    const none = { style: '', country: '', city: '', from: '', to: '', q: '', available: '' };
    expect(activeFilterCount(['style', 'country', 'city'], none)).toBe(0);
    expect(activeFilterCount(['style', 'country', 'city'], { ...none, country: 'DE', city: '1194', q: 'ignored' })).toBe(2);
  });

  it('folds the filters behind a "Filters (n)" button that opens them in a dialog, and the dialog applies them', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = await renderWithApp(<AvailabilityListPage />, { path: '/de/artist-availability?style=11&country=DE', namespaces: ['availability', 'listings', 'locations'] });
    const button = await screen.findByRole('button', { name: 'Filter (2)' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    // The bar for wider screens is hidden at 768 px and below, the button above it.
    expect(button.closest('div')?.className).toContain('min-[769px]:hidden');
    expect(screen.getAllByRole('search')[0]?.parentElement?.className).toContain('max-[768px]:hidden');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    const country = within(dialog).getByLabelText('Land') as HTMLSelectElement;
    await within(dialog).findByRole('option', { name: 'Germany' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Stadt' }), 'ber');
    await user.click(await within(dialog).findByRole('option', { name: /Berlin/ }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?style=11&country=DE&city=1194'));
    expect(searches).toEqual(['/api/locations/search?q=ber']);
    expect(country.value).toBe('DE');
    expect(screen.getByRole('button', { name: 'Filter (3)', hidden: true })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Ergebnisse anzeigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter (3)' }));
  }, 15_000);

  it('says just "Filters" when none is set, and closes on a search', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = await renderWithApp(<AvailabilityListPage />, { path: '/artist-availability', namespaces: ['availability', 'listings'] });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(dialog).getByRole('searchbox'), 'Lisbon{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Lisbon'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('gives the dialog one submit button, which applies the typed search and closes', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = await renderWithApp(<AvailabilityListPage />, { path: '/artist-availability', namespaces: ['availability', 'listings'] });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const submits = [...dialog.querySelectorAll('button')].filter((b) => b.type === 'submit');
    expect(submits.map((b) => b.textContent)).toEqual(['Show results']);
    await user.type(within(dialog).getByRole('searchbox'), 'Porto');
    await user.click(within(dialog).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Porto'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('fills the country from a city typed with no country chosen, and shows a city from the address by name', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = await renderWithApp(<AvailabilityListPage />, { path: '/artist-availability', namespaces: ['availability', 'listings', 'locations'] });
    const bar = (await screen.findAllByRole('search'))[0] as HTMLElement;
    await within(bar).findByRole('option', { name: 'Germany' });
    await user.type(within(bar).getByRole('combobox', { name: 'City' }), 'berl');
    await within(bar).findByRole('option', { name: /Berlin/ }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?country=DE&city=1194'));
    expect(searches).toEqual(['/api/locations/search?q=berl']);
    expect((within(bar).getByLabelText('Country') as HTMLSelectElement).value).toBe('DE');
    expect((within(bar).getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Berlin');

    // Emptying the field drops the city and keeps the country.
    await user.clear(within(bar).getByRole('combobox', { name: 'City' }));
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toBe('?country=DE'));
  }, 15_000);

  it('links the globe map with availabilities shown', async () => {
    mockApi();
    await renderWithApp(<AvailabilityListPage />, { path: '/artist-availability', namespaces: ['availability', 'listings'] });
    expect((await screen.findByRole('link', { name: 'Show on the map' })).getAttribute('href')).toBe('/map?show=availabilities');
  });

  it('pages the availability list at /artist-availability/page/{n}', async () => {
    mockApi();
    await renderWithApp(<AvailabilityListPage />, { path: '/artist-availability/page/2', namespaces: ['availability', 'listings'] });
    const paging = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(paging).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/artist-availability/page/3');
    expect(within(paging).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/artist-availability');
  });
});
