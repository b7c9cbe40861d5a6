import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapCity, MapCityAnswer, MapPlacesAnswer } from '../../../common/schemas/map';
import { answerFetch, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import MapPage from './map-page';

const city = (over: Partial<MapCity>): MapCity => ({ cityId: 1, name: 'Berlin', countryCode: 'DE', lat: 52.52, lng: 13.4, studios: 0, guestSpots: 0, availabilities: 0, ...over });

const PLACES: MapPlacesAnswer = {
  cities: [
    city({ cityId: 1, name: 'Berlin', studios: 1, guestSpots: 2 }),
    city({ cityId: 2, name: 'Hamburg', lat: 53.55, lng: 10, studios: 3 }),
    city({ cityId: 3, name: 'München', lat: 48.14, lng: 11.58, availabilities: 1 }),
  ],
  unplaced: 2,
};

const BERLIN: MapCityAnswer = {
  city: PLACES.cities[0] as MapCity,
  items: [
    { type: 'guestspots', id: 7, title: 'Gastplatz Kreuzberg', url: '/guestspot/gastplatz-kreuzberg', imageUrl: null, startDate: '2026-06-01', endDate: '2026-06-14' },
    { type: 'studios', id: 4, title: 'Ink Berlin', url: '/ink-berlin', imageUrl: null, startDate: null, endDate: null },
  ],
  nextCursor: null,
};

const LOCATED = { cityId: 1, name: 'Berlin', countryCode: 'DE', countryName: 'Deutschland', lat: 52.52, lng: 13.4 };

function serve(key: () => Response | Promise<Response> = () => jsonResponse({ status: 'success', data: { apiKey: null } }), nearest: () => Response = () => jsonResponse({ city: LOCATED, distanceKm: 1.2 })) {
  const fetch = vi.fn(
    answerFetch({
      '/api/config/maps-key': key,
      '/api/locations/nearest': nearest,
      '/api/map/places': () => jsonResponse(PLACES),
      '/api/map/cities/1': () => jsonResponse(BERLIN),
    }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const listed = () => within(screen.getByRole('list', { name: 'Orte' })).getAllByRole('button').map((b) => b.textContent);

describe('map page without a maps key', () => {
  beforeEach(() => {
    // jsdom draws nothing; the globe leaves a canvas without a context alone.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('lists the places, fullest first, with their counts and the unplaced note', async () => {
    serve();
    await renderWithApp(<MapPage />, { path: '/de/map', namespaces: ['map'] });
    await screen.findByRole('list', { name: 'Orte' });
    expect(listed()).toEqual(['Berlin DE1 Studio · 2 Gastplätze', 'Hamburg DE3 Studios', 'München DE1 Verfügbarkeit']);
    expect(screen.getByRole('img', { name: /Globus mit 3 Städten/ })).toBeDefined();
    expect(screen.getByText('2 Einträge haben keine Stadt, die wir auf der Karte zeigen können.')).toBeDefined();
    expect(screen.queryByText('Google Maps wird geladen...')).toBeNull();
  });

  it('keeps the toggles in the address and filters the list by them', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = await renderWithApp(<MapPage />, { path: '/de/map', namespaces: ['map'] });
    await screen.findByRole('list', { name: 'Orte' });
    await user.click(screen.getByRole('checkbox', { name: /Studios/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=guestspots%2Cavailabilities'));
    expect(listed()).toEqual(['Berlin DE2 Gastplätze', 'München DE1 Verfügbarkeit']);
    await user.click(screen.getByRole('checkbox', { name: /Verfügbarkeiten/ }));
    await waitFor(() => expect(listed()).toEqual(['Berlin DE2 Gastplätze']));
    await user.click(screen.getByRole('checkbox', { name: /Gastplätze/ }));
    expect(await screen.findByText(/Für diese Auswahl gibt es nichts zu zeigen/)).toBeDefined();
    await user.click(screen.getByRole('checkbox', { name: /Studios/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=studios'));
    expect(listed()).toEqual(['Hamburg DE3 Studios', 'Berlin DE1 Studio']);
  });

  it("loads a chosen city's entries with links, and keeps the city in the address", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { router } = await renderWithApp(<MapPage />, { path: '/de/map?show=guestspots', namespaces: ['map'] });
    await screen.findByRole('list', { name: 'Orte' });
    await user.click(screen.getByRole('button', { name: /^Berlin/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=guestspots&city=1'));
    const link = await screen.findByRole('link', { name: /Gastplatz Kreuzberg/ });
    expect(link.getAttribute('href')).toBe('/de/guestspot/gastplatz-kreuzberg');
    // Only guest spots are shown: the city is asked for them alone, and the studio is left out.
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/map/cities/1?type=guestspots');
    expect(screen.queryByRole('link', { name: /Ink Berlin/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Berlin/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=guestspots'));
  });

  it('opens with the city of the address', async () => {
    serve();
    await renderWithApp(<MapPage />, { path: '/de/map?city=1', namespaces: ['map'] });
    expect(await screen.findByRole('link', { name: /Ink Berlin/ })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Berlin DE' })).toBeDefined();
  });
});

describe('map page: use my location', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  const locate = () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 52.5, longitude: 13.39 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    return getCurrentPosition;
  };

  it('asks for the position only on a click, then opens the nearest city', async () => {
    const getCurrentPosition = locate();
    const fetch = serve();
    const user = userEvent.setup();
    const { router } = await renderWithApp(<MapPage />, { path: '/de/map', namespaces: ['map', 'locations'] });
    await screen.findByRole('list', { name: 'Orte' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=1'));
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/locations/nearest?lat=52.5&lng=13.39');
    expect(await screen.findByRole('link', { name: /Ink Berlin/ })).toBeDefined();
    expect(screen.getByText('Nächste Stadt: Berlin, Deutschland (1,2 km entfernt)')).toBeDefined();
  });

  it('opens the nearest city with entries when the found one has none, and says so', async () => {
    locate();
    serve(undefined, () => jsonResponse({ city: { cityId: 50, name: 'Potsdam', countryCode: 'DE', countryName: 'Deutschland', lat: 52.39, lng: 13.06 }, distanceKm: 4 }));
    const user = userEvent.setup();
    const { router } = await renderWithApp(<MapPage />, { path: '/de/map', namespaces: ['map', 'locations'] });
    await screen.findByRole('list', { name: 'Orte' });
    await user.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=1'));
    expect(screen.getByText('In Potsdam gibt es noch keine Einträge. Gezeigt wird Berlin, 27 km entfernt.')).toBeDefined();
  });

  it('shows the failure of the lookup', async () => {
    locate();
    serve(undefined, () => jsonResponse({ error: 'down' }, 500));
    const user = userEvent.setup();
    const { router } = await renderWithApp(<MapPage />, { path: '/en/map', namespaces: ['map', 'locations'] });
    await screen.findByRole('list', { name: 'Places' });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The location search failed. Please try again.');
    expect(router.state.location.search).toBe('');
  });
});

describe('map page when the maps key fails', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('names the failure, offers a reload and shows the globe below', async () => {
    serve(() => jsonResponse({ error: 'down' }, 500));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    await renderWithApp(<MapPage />, { path: '/en/map', namespaces: ['map'] });
    expect(await screen.findByText('Error retrieving the API key: 500')).toBeDefined();
    expect(screen.getByRole('img', { name: /Globe with 3 cities/ })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalled();
  });

  it('says the key was not loaded when the answer is no success', async () => {
    serve(() => jsonResponse({ status: 'error' }));
    await renderWithApp(<MapPage />, { path: '/en/map', namespaces: ['map'] });
    expect(await screen.findByText('The Google Maps API key could not be loaded.')).toBeDefined();
  });
});
