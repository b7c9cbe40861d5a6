import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, createCardImage, createGuestSpot, createSessionUser, jsonResponse } from '../../test/factories';
import { interceptUploads, stubObjectUrls } from '../../test/upload';
import { renderWithApp } from '../../test/render';
import { GuestSpotFormPage } from './form-page';

const studio = createSessionUser({ id: 31, userType: 'studio', username: 'Nadelwerk Berlin', name: 'Nadelwerk Berlin' });
const countries = [
  { id: 80, code: 'DE', name: 'Germany', cities: [{ id: 1194, name: 'Berlin', countryId: 80, countryCode: 'DE' }] },
  { id: 171, code: 'PT', name: 'Portugal', cities: [{ id: 2267, name: 'Lisboa', countryId: 171, countryCode: 'PT' }] },
];

const LISBON = { cityId: 2267, name: 'Lisboa', countryCode: 'PT', countryName: 'Portugal', lat: 38.72, lng: -9.14 };

/** The place fields show the studio's own city by name once the countries have arrived. */
const placeShown = (label = /^City/) =>
  vi.waitFor(() => expect((screen.getByRole('combobox', { name: label }) as HTMLInputElement).value).toBe('Berlin'), { timeout: 5000 });

function mockApi(onPost?: (body: unknown) => Response, onPut?: (url: string, body: unknown) => Response, onSearch?: (url: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && onPost) return onPost(JSON.parse(String(init.body)));
    if (init?.method === 'PUT' && onPut) return onPut(String(input), JSON.parse(String(init.body)));
    return answerFetch({
      '/api/styles': () => jsonResponse([{ id: 11, slug: 'fine-line', name: 'Fine Line' }]),
      '/countries-cities-completed.json': () => jsonResponse(countries),
      '/api/profile/me': () => jsonResponse({ success: true, user: { countryId: 80, cityId: 1194, cityName: 'Berlin' } }),
      '/api/locations/search': (url) => (onSearch ? onSearch(url) : jsonResponse({ results: [] })),
    })(input);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const render = (path = '/guestspot/new', user = studio) =>
  renderWithApp(<GuestSpotFormPage />, { path, namespaces: ['guestSpotsEntry', 'listings', 'listingsEntry', 'dealTerms', 'profiles', 'spotPhotos', 'errors', 'locations'], session: { state: 'loggedIn', user } });

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
/** Picks photos in the new spot's photo field (its button is the file input's label). */
const pickPhotos = (label: string, ...files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });

/** Answers each photo upload with 201, or with `fail(name)` when it gives a status; records the uploaded names. */
function servePhotoUploads(fail: (name: string) => number | null = () => null) {
  const uploaded: string[] = [];
  interceptUploads((upload) => {
    const name = (upload.form.get('image') as File).name;
    const status = fail(name);
    if (status) return upload.answer(status, { success: false, code: 'galleryImageTooLarge', error: 'The image is larger than 10 MB.' });
    uploaded.push(`${upload.url} ${name}`);
    upload.answer(201, { success: true, photo: createCardImage(), photos: [] });
  });
  return uploaded;
}

beforeEach(() => stubObjectUrls());
afterEach(() => vi.unstubAllGlobals());

describe('guest spot form', () => {
  it("starts at the studio's own place", async () => {
    mockApi();
    await render();
    const country = (await screen.findByLabelText(/^Country/, {}, { timeout: 5000 })) as HTMLSelectElement;
    await placeShown();
    expect(country.value).toBe('80');
  });

  it('fills country and city from a typed city, offers a name it does not find as a new city, and says when the search fails', async () => {
    const posted: unknown[] = [];
    const searches: string[] = [];
    let failSearch = false;
    mockApi(
      (body) => {
        posted.push(body);
        return jsonResponse(createGuestSpot({ slug: 'lisbon' }), 201);
      },
      () => jsonResponse(createGuestSpot({ slug: 'lisbon' })),
      (url) => {
        searches.push(url);
        if (failSearch) return jsonResponse({ success: false, error: 'down' }, 503);
        return jsonResponse({ results: url.includes('q=lis') ? [LISBON] : [] });
      },
    );
    servePhotoUploads();
    const { router } = await render();
    const user = userEvent.setup();
    await placeShown();
    const country = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    const city = screen.getByRole('combobox', { name: /^City/ });
    // With no country chosen a name found nowhere is not offered as new (it could not be placed); a hint says why.
    await user.selectOptions(country, '');
    expect(city.getAttribute('aria-describedby')).toContain('gs-city-hint');
    await user.type(city, 'Ericeira');
    expect(await screen.findByText('Nothing found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Ericeira/ })).toBeNull();
    await user.tab();

    // The studio's country chosen, a city elsewhere is found all the same, and takes its country along.
    await user.selectOptions(country, '80');
    await user.clear(city);
    await user.type(city, 'lis');
    await user.click(await screen.findByRole('option', { name: /Lisboa/ }, { timeout: 5000 }));
    expect(country.value).toBe('171');
    expect((city as HTMLInputElement).value).toBe('Lisboa');
    expect(searches.at(-1)).toBe('/api/locations/search?q=lis');
    expect(searches.filter((url) => url.includes('countryCode'))).toEqual([]);

    // With a country chosen a name found nowhere is offered as a new city there.
    await user.clear(city);
    await user.type(city, 'Ericeira');
    await user.click(await screen.findByRole('option', { name: "Nothing found: use 'Ericeira' as a new city" }, { timeout: 5000 }));
    expect(country.value).toBe('171');
    expect(screen.getByText("'Ericeira' is saved as a new city.")).toBeTruthy();

    failSearch = true;
    await user.clear(city);
    await user.type(city, 'Porto');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain('The location search failed. Please try again.');
    await user.tab();

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Summer by the sea' } });
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '07/01/2027' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '07/20/2027' } });
    pickPhotos('Add photos', photo('room.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/guestspot/lisbon'));
    expect(posted[0]).toMatchObject({ countryId: 171, cityId: 0, cityName: 'Ericeira' });
  }, 20_000);

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

    const summary = await screen.findByText('Please correct 3 entries:');
    expect(summary).toBeTruthy();
    expect(screen.getByRole('link', { name: 'End date: The end date cannot be before the start date.' }).getAttribute('href')).toBe('#gs-endDate');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses dates before 2020 and sends a valid form with its photos, then opens the new spot', async () => {
    const posted: unknown[] = [];
    const put: { url: string; body: unknown }[] = [];
    const spot = createGuestSpot({ slug: 'winter-in-berlin', title: 'Winter in Berlin', isActive: false });
    mockApi(
      (body) => {
        posted.push(body);
        return jsonResponse(spot, 201);
      },
      (url, body) => {
        put.push({ url, body });
        return jsonResponse({ ...spot, isActive: true });
      },
    );
    const uploaded = servePhotoUploads();
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    const start = await screen.findByLabelText('Start date');
    fireEvent.change(start, { target: { value: '12/31/2019' } });
    fireEvent.blur(start);
    expect(await screen.findByText('Dates before 2020 are not possible.')).toBeTruthy();
    fireEvent.change(start, { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await placeShown();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fine Line' }));
    pickPhotos('Add photos', photo('stations.jpg'), photo('room.jpg'));
    expect(screen.getAllByRole('img', { name: /Photo \d of the workplace/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/guestspot/winter-in-berlin'));
    // Created hidden, its photos uploaded in the order picked, then shown.
    expect(posted[0]).toMatchObject({ title: 'Winter in Berlin', startDate: '2026-12-01', endDate: '2026-12-20', countryId: 80, cityId: 1194, styleIds: [11], places: 1, isActive: false });
    expect(uploaded).toEqual([`/api/guest-spots/${spot.id}/photos stations.jpg`, `/api/guest-spots/${spot.id}/photos room.jpg`]);
    expect(put).toEqual([{ url: `/api/guest-spots/${spot.id}`, body: { isActive: true } }]);
  });

  it('requires at least one photo of the workplace before anything is sent', async () => {
    const fetch = mockApi();
    await render();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await placeShown();
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    const link = await screen.findByRole('link', { name: 'Photos of the workplace: Add at least one photo of your workplace.' });
    expect(link.getAttribute('href')).toBe('#gs-photos');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // A photo picked and removed again leaves the field as empty as before.
    pickPhotos('Add photos', photo('a.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove (photo 1)' }));
    expect(screen.getByText('Add at least one photo of your workplace.')).toBeTruthy();
  });

  it('keeps a spot whose photo failed hidden, and sends only the missing photos into that same spot again', async () => {
    let posts = 0;
    const put: { url: string; body: unknown }[] = [];
    const spot = createGuestSpot({ slug: 'winter-in-berlin', title: 'Winter in Berlin', isActive: false });
    mockApi(
      () => {
        posts++;
        return jsonResponse(spot, 201);
      },
      (url, body) => {
        put.push({ url, body });
        return jsonResponse(spot);
      },
    );
    let failing = true;
    const uploaded = servePhotoUploads((name) => (name === 'big.jpg' && failing ? 413 : null));
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await placeShown();
    pickPhotos('Add photos', photo('room.jpg'), photo('big.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    expect(await screen.findByText(/The guest spot is saved but not shown yet, because not every photo arrived\. big\.jpg:/)).toBeTruthy();
    expect(put).toEqual([]);
    expect(router.state.location.pathname).toBe('/guestspot/new');

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Publish guest spot' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/guestspot/winter-in-berlin'));
    expect(posts).toBe(1);
    expect(uploaded).toEqual([`/api/guest-spots/${spot.id}/photos room.jpg`, `/api/guest-spots/${spot.id}/photos big.jpg`]);
    expect(put.map((p) => p.body)).toEqual([expect.objectContaining({ title: 'Winter in Berlin', isActive: false }), { isActive: true }]);
  });

  it('takes the dates as a German page writes them and names that format in the summary', async () => {
    const posted: unknown[] = [];
    const spot = createGuestSpot({ slug: 'winter-in-berlin', title: 'Winter in Berlin' });
    mockApi(
      (body) => {
        posted.push(body);
        return jsonResponse(spot, 201);
      },
      () => jsonResponse(spot),
    );
    servePhotoUploads();
    const { router } = await render('/de/guestspot/new');
    fireEvent.change(await screen.findByLabelText('Titel', {}, { timeout: 5000 }), { target: { value: 'Winter in Berlin' } });
    pickPhotos('Fotos hinzufügen', photo('raum.jpg'));
    const start = await screen.findByLabelText('Startdatum');
    fireEvent.change(start, { target: { value: '2026-31-12' } });
    fireEvent.change(screen.getByLabelText('Enddatum'), { target: { value: '20.12.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gastplatz veröffentlichen' }));
    expect(await screen.findByRole('link', { name: 'Startdatum: Gib das Datum als TT.MM.JJJJ ein, zum Beispiel 31.05.2026.' })).toBeTruthy();

    fireEvent.change(start, { target: { value: '1.12.2026' } });
    await placeShown(/^Stadt/);
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
    pickPhotos('Add photos', photo('room.jpg'));
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '12/01/2026' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '12/20/2026' } });
    await placeShown();
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
