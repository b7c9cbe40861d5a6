import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { GuestSpotFormPage } from './form-page';

const studio = createSessionUser({ id: 31, userType: 'studio', username: 'Nadelwerk Berlin', name: 'Nadelwerk Berlin' });
const countries = [{ id: 80, code: 'DE', name: 'Germany', cities: [{ id: 1194, name: 'Berlin', countryId: 80, countryCode: 'DE' }] }];

function mockApi(onPost?: (body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && onPost) return onPost(JSON.parse(String(init.body)));
    return answerFetch({
      '/api/styles': () => jsonResponse([{ id: 11, slug: 'fine-line', name: 'Fine Line' }]),
      '/countries-cities-completed.json': () => jsonResponse(countries),
      '/api/profile/me': () => jsonResponse({ success: true, user: { countryId: 80, cityId: 1194, cityName: 'Berlin' } }),
    })(input);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const render = (path = '/guestspot/new', user = studio) =>
  renderWithApp(<GuestSpotFormPage />, { path, namespaces: ['guestSpotsEntry', 'listings', 'listingsEntry', 'errors'], session: { state: 'loggedIn', user } });

describe('guest spot form', () => {
  it("starts at the studio's own place", async () => {
    mockApi();
    await render();
    const country = (await screen.findByLabelText(/^Country/, {}, { timeout: 5000 })) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Berlin' });
    expect(country.value).toBe('80');
    expect((screen.getByLabelText(/^City/) as HTMLSelectElement).value).toBe('1194');
  });

  it('shows an error under a field once it is left, and a summary on submit', async () => {
    const fetch = mockApi();
    await render();
    const title = await screen.findByLabelText('Title', {}, { timeout: 5000 });
    fireEvent.blur(title);
    expect(await screen.findByText('Please enter a title.')).toBeTruthy();

    // The date fields load apart from the form.
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '12/10/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/01/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));

    const summary = await screen.findByText('Please correct 2 entries:');
    expect(summary).toBeTruthy();
    expect(screen.getByRole('link', { name: 'End date: The end date cannot be before the start date.' }).getAttribute('href')).toBe('#gs-endDate');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses dates before 2020 and sends a valid form, then opens the new spot', async () => {
    const posted: unknown[] = [];
    mockApi((body) => {
      posted.push(body);
      return jsonResponse(createGuestSpot({ slug: 'winter-in-berlin', title: 'Winter in Berlin' }), 201);
    });
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    const start = await screen.findByLabelText('Start date');
    fireEvent.change(start, { target: { value: '12/31/2019' } });
    fireEvent.blur(start);
    expect(await screen.findByText('Dates before 2020 are not possible.')).toBeTruthy();
    fireEvent.change(start, { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await screen.findByRole('option', { name: 'Berlin' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fine Line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/guestspot/winter-in-berlin'));
    expect(posted[0]).toMatchObject({ title: 'Winter in Berlin', startDate: '2026-12-01', endDate: '2026-12-20', countryId: 80, cityId: 1194, styleIds: [11], places: 1, isActive: true });
  });

  it('takes the dates as a German page writes them and names that format in the summary', async () => {
    const posted: unknown[] = [];
    mockApi((body) => {
      posted.push(body);
      return jsonResponse(createGuestSpot({ slug: 'winter-in-berlin', title: 'Winter in Berlin' }), 201);
    });
    const { router } = await render('/de/guestspot/new');
    fireEvent.change(await screen.findByLabelText('Titel', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    const start = await screen.findByLabelText('Startdatum');
    fireEvent.change(start, { target: { value: '2026-31-12' } });
    fireEvent.change(screen.getByLabelText('Enddatum'), { target: { value: '20.12.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gastplatz veröffentlichen' }));
    expect(await screen.findByRole('link', { name: 'Startdatum: Gib das Datum als TT.MM.JJJJ ein, zum Beispiel 31.05.2026.' })).toBeTruthy();

    fireEvent.change(start, { target: { value: '1.12.2026' } });
    await screen.findByRole('option', { name: 'Berlin' });
    fireEvent.click(screen.getByRole('button', { name: 'Gastplatz veröffentlichen' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/de/guestspot/winter-in-berlin'));
    expect(posted[0]).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-20' });
  });

  it("shows the server's text when a create is over the hourly limit or the cap of active spots", async () => {
    const answers = [
      jsonResponse({ success: false, code: 'listingCreatesPerHour', error: 'You have created 30 listings in the last hour. Please try again in 12 min.' }, 429),
      jsonResponse({ success: false, code: 'guestSpotsActiveMax', error: 'You already have 50 active guest spots. Please deactivate or delete one first.' }, 409),
    ];
    mockApi(() => answers.shift() as Response);
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await screen.findByRole('option', { name: 'Berlin' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    expect(await screen.findByText('You have created 30 listings in the last hour. Please try again in 12 min.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    expect(await screen.findByText('You already have 50 active guest spots. Please deactivate or delete one first.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guestspot/new');
  });

  it('tells an artist that guest spots are for studios', async () => {
    mockApi();
    await render('/guestspot/new', createSessionUser({ userType: 'artist' }));
    expect(await screen.findByText(/Only studios can post guest spots/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post your availability' }).getAttribute('href')).toBe('/guestartist/new');
    expect(screen.queryByRole('button', { name: 'Publish guest spot' })).toBeNull();
  });
});
