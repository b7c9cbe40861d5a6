import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tour } from '../../../common/schemas/tour';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { renderPageAt } from '../../test/route-page';
import { CalendarFeedCard } from './calendar-feed-card';
import TourPage from './tour-page';

const tour: Tour = {
  artist: { id: 4, name: 'Lena Hoffmann', username: 'lena-ink', avatar: null, cityName: 'Leipzig' },
  stops: [
    { kind: 'stay', id: 7, startDate: '2030-05-03', endDate: '2030-05-10', place: 'Berlin', host: { id: 9, name: 'Nadelwerk Berlin', username: 'Nadelwerk Berlin', avatar: null }, availability: null, location: { cityId: 1, lat: 52.52, lng: 13.4 } },
    { kind: 'availability', id: 12, startDate: '2030-06-01', endDate: '2030-06-14', place: 'Wien, Österreich', host: null, availability: { slug: 'vienna-in-june', title: 'Vienna in June' }, location: null },
  ],
  feedUrl: 'https://tattooguestspots.test/lena-ink/tour.ics',
};

afterEach(() => vi.unstubAllGlobals());

describe('tour page', () => {
  it('lists the confirmed stays and open dates in the page language, with the feed to subscribe to', async () => {
    mockApi({ 'GET /api/tours/lena-ink': () => jsonResponse(tour) });
    await renderPageAt('/:username/tour', <TourPage />, { path: '/de/lena-ink/tour', namespaces: ['tour'] });
    const list = await screen.findByRole('list', { name: 'Tourdaten' });
    const [stay, open] = within(list).getAllByRole('listitem');
    expect(within(stay as HTMLElement).getByText('3.–10. Mai 2030')).toBeTruthy();
    expect(within(stay as HTMLElement).getByRole('link', { name: 'Nadelwerk Berlin' }).getAttribute('href')).toBe('/de/Nadelwerk-Berlin');
    expect(within(stay as HTMLElement).getByText('Berlin')).toBeTruthy();
    expect(within(open as HTMLElement).getByRole('link', { name: 'Vienna in June' }).getAttribute('href')).toBe('/de/tattooartist/vienna-in-june');
    expect(screen.getByRole('link', { name: /Im Kalender abonnieren/ }).getAttribute('href')).toBe('webcal://tattooguestspots.test/lena-ink/tour.ics');
  });

  it('says so when the artist has no dates', async () => {
    mockApi({ 'GET /api/tours/lena-ink': () => jsonResponse({ ...tour, stops: [] }) });
    await renderPageAt('/:username/tour', <TourPage />, { path: '/lena-ink/tour', namespaces: ['tour'] });
    expect(await screen.findByText('Lena Hoffmann has no dates planned right now.')).toBeTruthy();
  });

  it('is the not-found page for an unknown artist', async () => {
    mockApi({ 'GET /api/tours/nobody': () => jsonResponse({ error: 'Not found.' }, 404) });
    await renderPageAt('/:username/tour', <TourPage />, { path: '/nobody/tour', namespaces: ['tour'] });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tour dates' })).toBeNull();
  });
});

describe('calendar feed card', () => {
  it('makes the private address on demand and renews it', async () => {
    let n = 0;
    const calls = mockApi({
      'GET /api/calendar': () => jsonResponse({ url: `https://tattooguestspots.test/api/calendar/${String(++n).repeat(32)}.ics` }),
      'DELETE /api/calendar': () => new Response(null, { status: 204 }),
    });
    await renderWithApp(<CalendarFeedCard />, { namespaces: ['tour'], session: { state: 'loggedIn', user: createSessionUser({ id: 4 }) } });
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show my feed address' }));
    const field = (await screen.findByLabelText('Your private feed address')) as HTMLInputElement;
    expect(field.value).toBe(`https://tattooguestspots.test/api/calendar/${'1'.repeat(32)}.ics`);
    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    await waitFor(() => expect(field.value).toBe(`https://tattooguestspots.test/api/calendar/${'2'.repeat(32)}.ics`));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});
