import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tour } from '../../../common/schemas/tour';
import { jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderPageAt } from '../../test/route-page';
import TourRoute from './tour-page';

const tour: Tour = {
  artist: { id: 4, name: 'Lena Hoffmann', username: 'lena-ink', avatar: null, cityName: 'Leipzig' },
  stops: [
    { kind: 'stay', id: 7, startDate: '2030-05-03', endDate: '2030-05-10', place: 'Berlin', host: { id: 9, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null }, availability: null, location: { cityId: 1, lat: 52.52, lng: 13.4 } },
    { kind: 'availability', id: 12, startDate: '2030-06-01', endDate: '2030-06-14', place: 'Wien, Österreich', host: null, availability: { slug: 'vienna-in-june', title: 'Vienna in June' }, location: { cityId: 2, lat: 48.21, lng: 16.37 } },
    { kind: 'availability', id: 13, startDate: '2030-07-01', endDate: '2030-07-05', place: 'Berlin, Deutschland', host: null, availability: { slug: 'berlin-in-july', title: 'Berlin in July' }, location: { cityId: 1, lat: 52.52, lng: 13.4 } },
    { kind: 'availability', id: 14, startDate: '2030-08-01', endDate: '2030-08-05', place: 'Irgendwo im Norden', host: null, availability: { slug: 'north', title: 'North' }, location: null },
  ],
  feedUrl: 'https://tattooguestspots.test/lena-ink/tour.ics',
};

beforeEach(() => {
  // jsdom draws nothing; the globe leaves a canvas without a context alone.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('tour page with the globe', () => {
  it('keeps the list as the page and draws the listed cities on the globe beside it, once each', async () => {
    mockApi({
      'GET /api/tours/lena-ink': () => jsonResponse(tour),
      // The atlas (a hashed asset in a build) is not served here: the globe says so and the list stays.
      'GET /node_modules/world-atlas/': () => new Response('', { status: 404 }),
    });
    await renderPageAt('/:username/tour', <TourRoute />, { path: '/de/lena-ink/tour', namespaces: ['tour'] });
    const list = await screen.findByRole('list', { name: 'Tourdaten' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // Two cities: Berlin (twice on the tour) and Vienna; the stop without a listed city is on the list only.
    expect(await screen.findByRole('img', { name: /Globus mit 2 Städten/ }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/Der Globus konnte nicht gezeichnet werden/)).toBeTruthy();
    // A reader can ask to be told when she comes near.
    expect((await screen.findByRole('button', { name: 'Sag mir Bescheid, wenn Lena Hoffmann in meine Nähe kommt' })).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('draws no globe when no stop names a listed city', async () => {
    mockApi({ 'GET /api/tours/lena-ink': () => jsonResponse({ ...tour, stops: tour.stops.map((s) => ({ ...s, location: null })) }) });
    await renderPageAt('/:username/tour', <TourRoute />, { path: '/lena-ink/tour', namespaces: ['tour'] });
    await screen.findByRole('list', { name: 'Tour dates' });
    expect(screen.queryByRole('img')).toBeNull();
  });
});
