import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createGuestSpotListItem, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { listHref } from './list-address';
import { GuestSpotListPage } from './list-page';

/** The guest spot list calls asked, by address. */
function mockApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      answerFetch({
        '/api/styles': () => jsonResponse([]),
        '/countries-cities-completed.json': () => jsonResponse([]),
        '/api/guest-spots': (url) => {
          asked.push(url);
          return jsonResponse({ items: [createGuestSpotListItem({ title: 'Kreuzberg' })], total: 1, page: 1, pageSize: 12 });
        },
      }),
    ),
  );
  return asked;
}

const render = (path: string) => renderWithApp(<GuestSpotListPage />, { path, namespaces: ['guestSpots', 'listings'] });

describe('deal filters of the guest spot list', () => {
  it('keeps the deal filters in the list address', () => {
    expect(listHref('/guestspots', 2, { dealType: 'commission', minGuestShare: '60', housing: 'true', q: '' }, true)).toBe('/guestspots/page/2?dealType=commission&minGuestShare=60&housing=true');
  });

  it('reads them from the address, asks the API with them, and sets them from the bar', async () => {
    const asked = mockApi();
    const { router } = await render('/de/guestspots?dealType=chair_rental&maxRentCents=8000&housing=true&utm_source=x');
    await screen.findAllByText('Kreuzberg');
    expect(asked.at(-1)).toContain('?dealType=chair_rental&maxRentCents=8000&housing=true');
    expect(asked.at(-1)).not.toContain('utm_source');
    // The bar in German, rents in euros as the page writes them.
    // The deal filters load after the list.
    const [rent] = (await screen.findAllByLabelText('Platzmiete pro Tag', {}, { timeout: 5000 })) as HTMLSelectElement[];
    expect(rent!.value).toBe('8000');
    expect([...rent!.options].map((o) => o.textContent)).toContain('Bis 80,00\u00a0€ pro Tag');
    expect((screen.getAllByLabelText('Mit Unterkunft')[0] as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getAllByLabelText('Dein Anteil')[0]!, { target: { value: '70' } });
    await vi.waitFor(() => expect(router.state.location.search).toContain('minGuestShare=70'));
    expect(router.state.location.search).toContain('dealType=chair_rental');
    await vi.waitFor(() => expect(asked.at(-1)).toContain('minGuestShare=70'));
  });
});
