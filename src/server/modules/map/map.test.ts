import { describe, expect, it } from 'vitest';
import type { MapCity, MapCityAnswer, MapPlacesAnswer } from '../../../common/schemas/map';
import { MAP_PAGE } from '../../http/security';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, makeAdmin, placeUser, referenceIds } from '../../test/listing-factories';

type Ref = Awaited<ReturnType<typeof referenceIds>>;

describe('the map page pattern', () => {
  it('matches /map under every language prefix and nothing else', () => {
    for (const url of ['/map', '/de/map', '/pt/map?city=3', '/map/', '/en/map#x']) expect(MAP_PAGE.test(url), url).toBe(true);
    for (const url of ['/mapping', '/de/maps', '/api/map/places', '/xx/map', '/map/extra']) expect(MAP_PAGE.test(url), url).toBe(false);
  });
});

describeEachEngine('globe map API', (engine) => {
  let ref: Ref;
  let studio: TestUser;
  let artist: TestUser;
  let berlinSpotId = 0;
  const t = useTestApp(engine, async ({ app }) => {
    ref = await referenceIds(app);
    const de = ref.country('DE');
    studio = await createStudio(app);
    await placeUser(app, studio, { countryId: de, cityId: ref.berlin.id, cityName: ref.berlin.name });
    berlinSpotId = (await createGuestSpot(app, studio, { title: 'Berlin realism', countryId: de, cityId: ref.berlin.id, styleIds: [ref.style('realism')], startDate: day(5), endDate: day(15) })).id;
    await createGuestSpot(app, studio, { title: 'Berlin later', countryId: de, cityId: ref.berlin.id, startDate: day(60), endDate: day(70) });
    // Typed by hand: "hamburg" is a listed city of its country, the village is not.
    await createGuestSpot(app, studio, { title: 'Typed Hamburg', countryId: de, cityId: 0, cityName: 'hamburg' });
    await createGuestSpot(app, studio, { title: 'Typed village', countryId: de, cityId: 0, cityName: 'Kleinkleckersdorf' });
    // Never on the map: inactive, ended.
    await createGuestSpot(app, studio, { title: 'Inactive', countryId: de, cityId: ref.berlin.id, isActive: false });
    const ended = await createGuestSpot(app, studio, { title: 'Ended', countryId: de, cityId: ref.berlin.id });
    await app.ctx.db.updateTable('guest_spots').set({ start_date: day(-20), end_date: day(-1) }).where('id', '=', ended.id).execute();

    // A studio typed in Hamburg by hand (id 0), as the profile form stores it.
    const typedStudio = await createStudio(app);
    await app.ctx.db.updateTable('users').set({ country_id: de, city_id: 0, city_name: 'Hamburg' }).where('id', '=', typedStudio.user.id).execute();

    artist = await createArtist(app);
    await createAvailability(app, artist, { title: 'Munich trip', countryId: de, cityId: ref.munich.id });
    await createAvailability(app, artist, { title: 'Anywhere', countryId: null, cityId: null });

    // A suspended studio and an admin's listings stay off the map.
    const suspended = await createStudio(app);
    await placeUser(app, suspended, { countryId: de, cityId: ref.berlin.id, cityName: ref.berlin.name });
    await createGuestSpot(app, suspended, { title: 'Suspended', countryId: de, cityId: ref.berlin.id });
    await app.ctx.db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', suspended.user.id).execute();
    const staff = await createStudio(app);
    await placeUser(app, staff, { countryId: de, cityId: ref.vienna.id, cityName: ref.vienna.name });
    await createGuestSpot(app, staff, { title: 'Staff', countryId: ref.country('AT'), cityId: ref.vienna.id });
    await makeAdmin(app, staff);
  });

  const places = async (query = '', lang = 'en') => {
    const res = await call(t.app, 'GET', `/api/map/places${query}`, { lang });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MapPlacesAnswer;
  };
  const cityOf = (answer: MapPlacesAnswer, id: number) => answer.cities.find((c) => c.cityId === id);

  it('counts public studios, guest spots and availabilities per city, typed places matched in their country', async () => {
    const answer = await places();
    expect(cityOf(answer, ref.berlin.id)).toMatchObject({ name: 'Berlin', countryCode: 'DE', studios: 1, guestSpots: 2, availabilities: 0 });
    expect(cityOf(answer, ref.berlin.id)?.lat).toBeCloseTo(52.52, 1);
    expect(cityOf(answer, ref.hamburg.id)).toMatchObject({ studios: 1, guestSpots: 1, availabilities: 0 });
    expect(cityOf(answer, ref.munich.id)).toMatchObject({ studios: 0, guestSpots: 0, availabilities: 1 });
    // The admin's studio and listing in Vienna are not shown.
    expect(cityOf(answer, ref.vienna.id)).toBeUndefined();
    // The village and the availability without a place.
    expect(answer.unplaced).toBe(2);
    // Cities are named in the request's language.
    expect(cityOf(await places('', 'de'), ref.munich.id)?.name).toBe('München');
  });

  it('keeps the globe as bytes until a listing, a profile or the cities change', async () => {
    const first = await call(t.app, 'GET', '/api/map/places?type=availabilities', { lang: 'en' });
    expect((await call(t.app, 'GET', '/api/map/places?type=availabilities', { lang: 'en' })).headers.etag).toBe(first.headers.etag);
    const countIn = (body: string, id: number) => (JSON.parse(body) as MapPlacesAnswer).cities.find((c) => c.cityId === id)?.availabilities ?? 0;
    const before = countIn(first.body, ref.hamburg.id);
    const trip = await createAvailability(t.app, artist, { title: 'Hamburg trip', countryId: ref.country('DE'), cityId: ref.hamburg.id });
    const after = await call(t.app, 'GET', '/api/map/places?type=availabilities', { lang: 'en' });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(countIn(after.body, ref.hamburg.id)).toBe(before + 1);
    expect((await call(t.app, 'DELETE', `/api/artist-availability/${trip.id}`, { as: artist })).statusCode).toBeLessThan(300);
    expect(countIn((await call(t.app, 'GET', '/api/map/places?type=availabilities', { lang: 'en' })).body, ref.hamburg.id)).toBe(before);
  });

  it('filters by type, style and period', async () => {
    const spots = await places('?types=guestspots');
    expect(spots.cities.map((c) => c.studios + c.availabilities)).toEqual(spots.cities.map(() => 0));
    expect(cityOf(spots, ref.munich.id)).toBeUndefined();
    expect(spots.unplaced).toBe(1);
    const both = await places('?types=availabilities,studios,studios');
    expect(cityOf(both, ref.berlin.id)).toMatchObject({ studios: 1, guestSpots: 0 });
    const realism = await places(`?types=guestspots&styleId=${ref.style('realism')}`);
    expect(realism.cities.map((c: MapCity) => [c.cityId, c.guestSpots])).toEqual([[ref.berlin.id, 1]]);
    const soon = await places(`?types=guestspots&from=${day(0)}&to=${day(30)}`);
    expect(cityOf(soon, ref.berlin.id)?.guestSpots).toBe(1);
    const later = await places(`?types=guestspots&from=${day(50)}`);
    expect(cityOf(later, ref.berlin.id)?.guestSpots).toBe(1);
    expect(cityOf(later, ref.hamburg.id)).toBeUndefined();
  });

  it("lists a city's items with links, typed ones included, a page at a time", async () => {
    const res = await call(t.app, 'GET', `/api/map/cities/${ref.berlin.id}?type=guestspots`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as MapCityAnswer;
    expect(answer.city).toMatchObject({ cityId: ref.berlin.id, name: 'Berlin', guestSpots: 2, studios: 1 });
    expect(answer.items.map((i) => i.title)).toEqual(['Berlin realism', 'Berlin later']);
    expect(answer.items[0]).toMatchObject({ type: 'guestspots', id: berlinSpotId, url: '/guestspot/berlin-realism', startDate: day(5), endDate: day(15) });
    expect(answer.nextCursor).toBeNull();

    const hamburg = (await call(t.app, 'GET', `/api/map/cities/${ref.hamburg.id}`)).json() as MapCityAnswer;
    expect(hamburg.items.map((i) => [i.type, i.title])).toEqual([
      ['guestspots', 'Typed Hamburg'],
      ['studios', expect.any(String)],
    ]);
    expect(hamburg.items[1]?.url).toMatch(/^\/user_/);

    // More than a page: the cursor walks on without repeating.
    const rows = Array.from({ length: 23 }, (_, i) => ({
      studio_id: studio.user.id,
      slug: `paged-${i}`,
      title: `Paged ${i}`,
      start_date: day(100),
      end_date: day(110),
      country_id: ref.country('DE'),
      city_id: ref.munich.id,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    }));
    await t.app.ctx.db.insertInto('guest_spots').values(rows).execute();
    const first = (await call(t.app, 'GET', `/api/map/cities/${ref.munich.id}`)).json() as MapCityAnswer;
    expect(first.items).toHaveLength(20);
    expect(first.items.filter((i) => i.type === 'guestspots')).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^g_/);
    const second = (await call(t.app, 'GET', `/api/map/cities/${ref.munich.id}?cursor=${first.nextCursor}`)).json() as MapCityAnswer;
    expect(second.items.map((i) => i.type)).toEqual(['guestspots', 'guestspots', 'guestspots', 'availabilities']);
    expect(second.items[3]).toMatchObject({ title: 'Munich trip', url: expect.stringMatching(/^\/tattooartist\//) });
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => `${i.type}${i.id}`);
    expect(new Set(ids).size).toBe(24);
  });

  it('refuses bad input with 400 in the request language and an unknown city with 404', async () => {
    const cases: [string, string][] = [
      ['/api/map/places?types=pubs', 'mapTypesInvalid'],
      ['/api/map/places?styleId=abc', 'filterInvalid'],
      ['/api/map/places?from=2026-02-30', 'dateInvalid'],
      [`/api/map/places?from=${day(10)}&to=${day(1)}`, 'endBeforeStart'],
      ['/api/map/cities/abc', 'filterInvalid'],
      ['/api/map/cities/1?type=shops', 'mapTypesInvalid'],
      ['/api/map/cities/1?cursor=x_1', 'cursorInvalid'],
    ];
    for (const [url, code] of cases) {
      const res = await call(t.app, 'GET', url, { lang: 'de' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(code);
      expect(res.json().error, url).toMatch(/\p{L}/u);
    }
    const german = (await call(t.app, 'GET', '/api/map/places?types=pubs', { lang: 'de' })).json();
    expect(german.error).toBe('Bitte wähle für die Karte Studios, Gastplätze oder Verfügbarkeiten.');
    const missing = await call(t.app, 'GET', '/api/map/cities/2147483000', { lang: 'de' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Diese Stadt ist nicht auf der Karte.');
    const wrongType = await call(t.app, 'GET', `/api/map/cities/${ref.berlin.id}?type=studios&cursor=g_2026-01-01_1`);
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers the maps key as null without one, never cached, and admits no Google host', async () => {
    const res = await call(t.app, 'GET', '/api/config/maps-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { apiKey: null } });
    expect(res.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/de/map' });
    expect(String(page.headers['content-security-policy'])).not.toContain('google');
  });
});

describeEachEngine('globe map with a maps key', (engine) => {
  const t = useTestApp(engine, undefined, { GOOGLE_MAPS_API_KEY: 'test-browser-key' });

  it('answers the key and admits Google Maps hosts on the map page only', async () => {
    const res = await call(t.app, 'GET', '/api/config/maps-key');
    expect(res.json()).toEqual({ status: 'success', data: { apiKey: 'test-browser-key' } });
    expect(res.headers['cache-control']).toBe('no-store');
    for (const url of ['/map', '/fr/map']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self' https:\/\/\*\.googleapis\.com/);
      expect(csp, url).toContain('https://*.gstatic.com');
    }
    for (const url of ['/', '/de/forum', '/api/map/places']) {
      expect(String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']), url).not.toContain('google');
    }
  });
});
