import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInBerlin } from '../../../common/listing-limits';
import type { ArtistDemand, DemandCity, StudioDemand } from '../../../common/schemas/demand';
import { addDays } from '../../../common/schemas/listing-fields';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { DemandCard, type DemandPlace } from './demand-card';

afterEach(() => vi.unstubAllGlobals());

const artist = { state: 'loggedIn' as const, user: createSessionUser({ id: 12, userType: 'artist', username: 'Lena Ink', name: 'Lena Ink' }) };
const studio = { state: 'loggedIn' as const, user: createSessionUser({ id: 30, userType: 'studio', username: 'Nadelwerk', name: 'Nadelwerk' }) };

const city = (overrides: Partial<DemandCity>): DemandCity => ({
  cityId: 1, name: 'Hamburg', countryCode: 'DE', lat: 53.55, lng: 9.99, followers: 2, alerts: 3, total: 5, ...overrides,
});

describe('demand card of an artist', () => {
  it('shows the cities as a table with a link to plan a trip, hands the globe its places, and counts the rest in one sentence', async () => {
    const demand: ArtistDemand = {
      kind: 'artist',
      cities: [city({ cityId: 1, name: 'Hamburg', followers: 1200, alerts: 34, total: 1234 }), city({ cityId: 2, name: 'Wien', countryCode: 'AT', lat: 48.21, lng: 16.37, followers: 0, alerts: 3, total: 3 })],
      hidden: 5,
    };
    mockApi({ 'GET /api/demand': () => jsonResponse(demand) });
    const globe = vi.fn((places: DemandPlace[]) => <p>{places.map((p) => `${p.name}:${p.count}`).join(',')}</p>);
    await renderWithApp(<DemandCard globe={globe} />, { path: '/dashboard', namespaces: ['demand'], session: artist });

    const table = await screen.findByRole('table', { name: 'Your followers and alert subscribers by city' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['City', 'Followers', 'Alert subscribers', 'Total']);
    const hamburg = within(table).getByRole('row', { name: /Hamburg/ });
    expect(within(hamburg).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1,200', '34', '1,234']);
    // Phones show the split under the city instead of the two middle columns.
    expect(within(hamburg).getByText('1,200 followers · 34 alert subscribers')).toBeTruthy();
    expect(within(hamburg).getByRole('link', { name: 'Plan a trip to Hamburg: guest spots there' }).getAttribute('href')).toBe('/guestspots?country=DE&city=1');
    expect(within(table).getByRole('link', { name: 'Plan a trip to Wien: guest spots there' }).getAttribute('href')).toBe('/guestspots?country=AT&city=2');
    expect(screen.getByText('Hamburg:1234,Wien:3')).toBeTruthy();
    expect(screen.getByText('And 5 more people in smaller places.')).toBeTruthy();
  });

  it('writes numbers and links in the reader’s language', async () => {
    mockApi({ 'GET /api/demand': () => jsonResponse({ kind: 'artist', cities: [city({ followers: 1200, alerts: 34, total: 1234 })], hidden: 1 }) });
    await renderWithApp(<DemandCard />, { path: '/de/dashboard', namespaces: ['demand'], session: artist });
    const row = await screen.findByRole('row', { name: /Hamburg/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1.200', '34', '1.234']);
    expect(within(row).getByRole('link', { name: 'Reise nach Hamburg planen: Gastplätze dort' }).getAttribute('href')).toBe('/de/guestspots?country=DE&city=1');
    expect(screen.getByText('Und 1 weitere Person in kleineren Orten.')).toBeTruthy();
  });

  it('explains the threshold while no city has 3 people, and still counts the people elsewhere', async () => {
    mockApi({ 'GET /api/demand': () => jsonResponse({ kind: 'artist', cities: [], hidden: 2 } satisfies ArtistDemand) });
    const globe = vi.fn(() => null);
    await renderWithApp(<DemandCard globe={globe} />, { path: '/dashboard', namespaces: ['demand'], session: artist });
    expect(await screen.findByText('No city to show yet')).toBeTruthy();
    expect(screen.getByText(/show here by city, from 3 people a city/)).toBeTruthy();
    expect(screen.getByText('So far 2 people, in places with fewer than 3 each.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(globe).not.toHaveBeenCalled();
  });
});

describe('demand card of a studio', () => {
  it('says how many artists plan to come and links to the availabilities in the city', async () => {
    mockApi({ 'GET /api/demand': () => jsonResponse({ kind: 'studio', city: { cityId: 7, name: 'Berlin', countryCode: 'DE' }, availabilities: 4, artists: 3 } satisfies StudioDemand) });
    await renderWithApp(<DemandCard />, { path: '/dashboard', namespaces: ['demand'], session: studio });
    expect(await screen.findByText('3 artists plan to be in Berlin in the next 90 days.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Artists coming to your city' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the 4 availabilities' }).getAttribute('href')).toBe(`/artist-availability?country=DE&city=7&to=${addDays(todayInBerlin(), 90)}`);
  });

  it('asks for the city when the profile has none, and says so when nobody comes', async () => {
    mockApi({ 'GET /api/demand': () => jsonResponse({ kind: 'studio', city: null, availabilities: 0, artists: 0 } satisfies StudioDemand) });
    const { unmount } = await renderWithApp(<DemandCard />, { path: '/dashboard', namespaces: ['demand'], session: studio });
    expect((await screen.findByRole('link', { name: 'Add your city' })).getAttribute('href')).toBe('/Nadelwerk?edit=true');
    unmount();
    mockApi({ 'GET /api/demand': () => jsonResponse({ kind: 'studio', city: { cityId: 7, name: 'Berlin', countryCode: 'DE' }, availabilities: 0, artists: 0 } satisfies StudioDemand) });
    await renderWithApp(<DemandCard />, { path: '/de/dashboard', namespaces: ['demand'], session: studio });
    expect(await screen.findByText('In den nächsten 90 Tagen plant noch kein Künstler, in Berlin zu sein.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
