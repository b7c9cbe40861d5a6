import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '../../../common/schemas/saved-searches';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render';
import { SaveSearchButton } from './save-search-button';
import { SavedSearchesCard } from './saved-searches-card';

afterEach(() => vi.unstubAllGlobals());

const me = createSessionUser({ id: 7, userType: 'artist' });
const loggedIn = { state: 'loggedIn' as const, user: me };
const reference = {
  'GET /api/styles': () => jsonResponse([{ id: 3, name: 'Realism', slug: 'realism' }]),
  'GET /countries-cities-completed.json': () => jsonResponse([{ id: 1, code: 'DE', name: 'Germany', cities: [{ id: 10, name: 'Berlin' }] }]),
};

const search = (overrides: Partial<SavedSearch>): SavedSearch => ({
  id: 1, kind: 'guest_spots', name: 'Berlin spots', filters: { country: 'DE', city: 10 }, frequency: 'daily', paused: false,
  createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z', ...overrides,
});

describe('save this search', () => {
  it('offers a visitor the login link back to the list', async () => {
    mockApi(reference);
    await renderWithApp(<SaveSearchButton kind="guest_spots" filters={{ country: 'DE' }} />, { path: '/guestspots?country=DE', namespaces: ['savedSearches'] });
    const link = await screen.findByRole('link', { name: 'Log in to save this search' });
    expect(link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/guestspots?country=DE')}`);
  });

  it('opens a dialog named after the filters, saves the set filters with the frequency chosen', async () => {
    const calls = mockApi({ ...reference, 'POST /api/saved-searches': (_url, body) => jsonResponse({ search: search(body as Partial<SavedSearch>) }, 201) });
    await renderWithApp(<SaveSearchButton kind="guest_spots" filters={{ style: '3', country: 'DE', city: '10', q: '', from: '' }} />, { path: '/guestspots', namespaces: ['savedSearches'], session: loggedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Guest spots · Realism · Berlin'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Email' }), 'weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'guest_spots', filters: { style: '3', country: 'DE', city: '10' }, name: 'Guest spots · Realism · Berlin', frequency: 'weekly' });
    expect(screen.getByRole('link', { name: 'Manage your saved searches' }).getAttribute('href')).toBe('/dashboard#saved-searches');
  });

  it('shows the server’s refusal in the dialog, in German', async () => {
    mockApi({ ...reference, 'POST /api/saved-searches': () => jsonResponse({ error: 'Du kannst höchstens 20 Suchen speichern. Lösche zuerst eine.', code: 'savedSearchesTooMany' }, 409) });
    await renderWithApp(<SaveSearchButton kind="artists" filters={{ available: 'true' }} />, { path: '/de/tattooartists', namespaces: ['savedSearches'], session: loggedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Suche speichern' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Künstler · jetzt verfügbar');
    await userEvent.click(screen.getAllByRole('button', { name: 'Suche speichern' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Du kannst höchstens 20 Suchen speichern. Lösche zuerst eine.')).toBeTruthy();
  });
});

describe('saved searches on the dashboard', () => {
  it('lists the searches with a link that runs them, changes the frequency, pauses and deletes', async () => {
    const calls = mockApi({
      'GET /api/saved-searches': () => jsonResponse({ searches: [search({}), search({ id: 2, kind: 'artists', name: 'Realists', filters: { style: 3 }, paused: true })], max: 20 }),
      'PUT /api/saved-searches/1': (_url, body) => jsonResponse({ search: search(body as Partial<SavedSearch>) }),
      'DELETE /api/saved-searches/2': () => new Response(null, { status: 204 }),
    });
    await renderWithApp(<SavedSearchesCard />, { path: '/dashboard', namespaces: ['savedSearches'], session: loggedIn });
    expect(await screen.findByText('Berlin spots')).toBeTruthy();
    expect(screen.getByText('Tattoo artists · paused')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the results of “Berlin spots”' }).getAttribute('href')).toBe('/guestspots?country=DE&city=10');
    expect(screen.getByRole('link', { name: 'Show the results of “Realists”' }).getAttribute('href')).toBe('/tattooartists?style=3');

    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Email' })[0] as HTMLElement, 'instant');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ frequency: 'instant' }));
    const pause = screen.getByRole('button', { name: 'Pause “Berlin spots”' });
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(pause);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resume “Berlin spots”' }).getAttribute('aria-pressed')).toBe('true'));

    await userEvent.click(screen.getByRole('button', { name: 'Delete “Realists”' }));
    await waitFor(() => expect(screen.queryByText('Realists')).toBeNull());
  });

  it('invites to save a first search when there is none', async () => {
    mockApi({ 'GET /api/saved-searches': () => jsonResponse({ searches: [], max: 20 }) });
    await renderWithApp(<SavedSearchesCard />, { path: '/de/dashboard', namespaces: ['savedSearches'], session: loggedIn });
    expect(await screen.findByText('Noch keine gespeicherten Suchen')).toBeTruthy();
  });
});
