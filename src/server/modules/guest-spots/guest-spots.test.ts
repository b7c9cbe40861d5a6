import { expect, it } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { describeEachEngine } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { publicListReader, useListingWorld } from '../listings/testing';
import { call, createAvailability, createGuestSpot, day, placeUser, postListing } from '../../test/listing-factories';
import { givePicture, givePictures } from '../../test/pictures';

const ENTITY_KEYS = [
  'can', 'cityId', 'cityName', 'compensation', 'compensationDetails', 'countryCode', 'countryId', 'countryName', 'createdAt',
  'description', 'endDate', 'ended', 'id', 'isActive', 'places', 'requirements', 'slug', 'startDate', 'studio', 'styles', 'terms', 'title',
  'updatedAt',
];

describeEachEngine('guest spots: calls, roles and rules', (engine) => {
  const w = useListingWorld(engine, ({ t, ref, studio }) => placeUser(t.app, studio, { countryId: ref.country('DE'), cityId: ref.berlin.id, cityName: ref.berlin.name }));

  it('lets a studio post a spot, answered at the top level with id, slug, styles, place and studio', async () => {
    const res = await postListing(w.t.app, 'guest-spot', { as: w.studio, lang: 'de' }, {
      title: 'Sommer-Gastplatz in Kreuzberg',
      description: 'Wir suchen Gäste für Fine Line und Blackwork.',
      startDate: day(30),
      endDate: day(44),
      compensation: '60/40',
      compensationDetails: 'Material wird gestellt.',
      styleIds: [w.ref.style('watercolor'), w.ref.style('blackwork'), String(w.ref.style('realism')), w.ref.style('blackwork')],
      places: 2,
      requirements: 'Portfolio mit mindestens 10 abgeheilten Arbeiten.',
    });
    expect(res.statusCode).toBe(201);
    const spot = res.json() as GuestSpot;
    expect(Object.keys(spot).sort()).toEqual(ENTITY_KEYS);
    expect(spot).toMatchObject({
      id: expect.any(Number),
      slug: 'sommer-gastplatz-in-kreuzberg',
      title: 'Sommer-Gastplatz in Kreuzberg',
      startDate: day(30),
      endDate: day(44),
      isActive: true,
      compensation: '60/40',
      compensationDetails: 'Material wird gestellt.',
      places: 2,
      // The studio's own city by default, the country named in the request language.
      countryId: w.ref.country('DE'),
      cityId: w.ref.berlin.id,
      cityName: 'Berlin',
      countryName: 'Deutschland',
      countryCode: 'DE',
      studio: { id: w.studio.user.id, name: w.studio.user.name, username: w.studio.user.username, avatar: null, cityName: 'Berlin' },
    });
    // German collation, German names, duplicates dropped.
    expect(spot.styles).toEqual([
      { id: w.ref.style('watercolor'), name: 'Aquarell' },
      { id: w.ref.style('blackwork'), name: 'Blackwork' },
      { id: w.ref.style('realism'), name: 'Realismus' },
    ]);
    expect(spot.createdAt).toBe(spot.updatedAt);

    for (const url of [`/api/guest-spots/${spot.id}`, `/api/guest-spots/by-slug/${spot.slug}`, `/api/guest-spots/${spot.slug}`]) {
      const got = await call(w.t.app, 'GET', url, { lang: 'de' });
      expect(got.statusCode, url).toBe(200);
      // A visitor sees the same listing, but may change nothing of it (and has applied to nothing); the detail adds the workplace photos.
      expect(got.json()).toEqual({ ...spot, can: { edit: false, delete: false }, hasApplied: false, photos: [] });
    }
    const english = (await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`)).json() as GuestSpot;
    expect(english.countryName).toBe('Germany');
    expect(english.styles.map((s) => s.name)).toEqual(['Blackwork', 'Realism', 'Watercolor']);
  });

  it('takes a place from the list, or a hand-typed city with id 0, and defaults places to 1', async () => {
    const hamburg = await createGuestSpot(w.t.app, w.studio, { countryId: w.ref.country('DE'), cityId: w.ref.hamburg.id });
    expect(hamburg).toMatchObject({ cityId: w.ref.hamburg.id, cityName: w.ref.hamburg.name, countryCode: 'DE', places: 1, styles: [] });
    const byCity = await createGuestSpot(w.t.app, w.studio, { cityId: w.ref.vienna.id });
    expect(byCity).toMatchObject({ countryId: w.ref.country('AT'), cityId: w.ref.vienna.id, countryCode: 'AT' });
    const typed = await createGuestSpot(w.t.app, w.studio, { countryId: w.ref.country('DE'), cityId: 0, cityName: 'Kleinkleckersdorf' });
    expect(typed).toMatchObject({ countryId: w.ref.country('DE'), cityId: null, cityName: 'Kleinkleckersdorf' });
    const empty = await createGuestSpot(w.t.app, w.studio, { description: '', compensation: '  ', countryId: null, cityId: null, cityName: null });
    expect(empty).toMatchObject({ description: null, compensation: null, countryId: null, cityId: null, cityName: null, countryName: null });
  });

  it('refuses artists (403) and visitors (401) before judging the form', async () => {
    const byArtist = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.artist, payload: {} });
    expect(byArtist.statusCode).toBe(403);
    expect(byArtist.json()).toMatchObject({ success: false, code: 'onlyStudios', error: 'Only studios can post guest spots.' });
    const german = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.artist, payload: {}, lang: 'de' });
    expect(german.json().error).toBe('Nur Studios können Gastplätze anbieten.');
    const visitor = await call(w.t.app, 'POST', '/api/guest-spots', { payload: { title: 'x', startDate: day(1), endDate: day(2) } });
    expect(visitor.statusCode).toBe(401);
  });

  it('validates every field with a message in the request language', async () => {
    const valid = { title: 'Valid', startDate: day(5), endDate: day(6) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, title: undefined }, 'titleRequired', 'title'],
      [{ ...valid, title: '   ' }, 'titleRequired', 'title'],
      [{ ...valid, title: 'x'.repeat(121) }, 'tooLong', 'title'],
      [{ ...valid, startDate: undefined }, 'dateRequired', 'startDate'],
      [{ ...valid, startDate: '2019-12-31' }, 'dateTooEarly', 'startDate'],
      [{ ...valid, startDate: '2026-02-30' }, 'dateInvalid', 'startDate'],
      [{ ...valid, endDate: '31.12.2026' }, 'dateInvalid', 'endDate'],
      [{ ...valid, startDate: day(6), endDate: day(5) }, 'endBeforeStart', 'endDate'],
      [{ ...valid, description: 'x'.repeat(5001) }, 'tooLong', 'description'],
      [{ ...valid, compensation: 'x'.repeat(121) }, 'tooLong', 'compensation'],
      [{ ...valid, compensationDetails: 'x'.repeat(2001) }, 'tooLong', 'compensationDetails'],
      [{ ...valid, requirements: 'x'.repeat(2001) }, 'tooLong', 'requirements'],
      [{ ...valid, places: 0 }, 'placesRange', 'places'],
      [{ ...valid, places: 21 }, 'placesRange', 'places'],
      [{ ...valid, places: 1.5 }, 'placesRange', 'places'],
      [{ ...valid, styleIds: [999_999] }, 'styleUnknown', 'styleIds'],
      [{ ...valid, styleIds: ['abc'] }, 'styleUnknown', 'styleIds.0'],
      [{ ...valid, countryId: 999_999 }, 'countryUnknown', 'countryId'],
      [{ ...valid, cityId: 99_999_999 }, 'cityUnknown', 'cityId'],
      [{ ...valid, countryId: 0, cityId: 99_999_999 }, 'cityUnknown', 'cityId'],
    ];
    for (const [payload, code, field] of cases) {
      const res = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.studio, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json(), code).toMatchObject({ success: false, code, field });
      expect(res.json().error).not.toBe(code);
    }
    const notInCountry = await call(w.t.app, 'POST', '/api/guest-spots', {
      as: w.studio,
      lang: 'fr',
      payload: { ...valid, countryId: w.ref.country('DE'), cityId: w.ref.vienna.id },
    });
    expect(notInCountry.json()).toMatchObject({ code: 'cityNotInCountry', error: 'Cette ville ne se trouve pas dans le pays choisi.' });
    const german = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.studio, lang: 'de', payload: { ...valid, startDate: day(6), endDate: day(5) } });
    expect(german.json().error).toBe('Das Enddatum darf nicht vor dem Startdatum liegen.');
    const tooLong = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.studio, payload: { ...valid, title: 'x'.repeat(121) } });
    expect(tooLong.json().error).toBe('This text is too long (at most 120 characters).');
  });

  it('makes readable, unique slugs that stay when the title changes', async () => {
    const title = 'Gastplatz in München – Sommer 2026!';
    const first = await createGuestSpot(w.t.app, w.studio, { title });
    const second = await createGuestSpot(w.t.app, w.otherStudio, { title });
    const third = await createGuestSpot(w.t.app, w.studio, { title });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'gastplatz-in-muenchen-sommer-2026',
      'gastplatz-in-muenchen-sommer-2026-2',
      'gastplatz-in-muenchen-sommer-2026-3',
    ]);
    const renamed = await call(w.t.app, 'PUT', `/api/guest-spots/${first.id}`, { as: w.studio, payload: { title: 'Ganz neuer Titel' } });
    expect(renamed.json()).toMatchObject({ title: 'Ganz neuer Titel', slug: first.slug });
    const long = await createGuestSpot(w.t.app, w.studio, { title: 'Ein sehr langer Titel für einen Gastplatz, der weit über sechzig Zeichen hinausgeht' });
    expect(long.slug.length).toBeLessThanOrEqual(60);
    expect(long.slug).toMatch(/^ein-sehr-langer-titel-fuer-einen-gastplatz-der-weit-ueber[a-z-]*$/);
    expect((await createGuestSpot(w.t.app, w.studio, { title: 'New' })).slug).toBe('guest-spot-new');
    expect((await createGuestSpot(w.t.app, w.studio, { title: '東京' })).slug).toMatch(/^guest-spot(-\d+)?$/);
  });

  it('lets the owner and admins edit and delete; others get 403, visitors 401', async () => {
    const spot = await createGuestSpot(w.t.app, w.studio, { title: 'Owner rules', compensation: '50/50', styleIds: [w.ref.style('realism')] });
    const url = `/api/guest-spots/${spot.id}`;
    expect((await call(w.t.app, 'PUT', url, { payload: { title: 'x' } })).statusCode).toBe(401);
    const other = await call(w.t.app, 'PUT', url, { as: w.otherStudio, payload: { title: 'Hijacked' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('forbidden');
    expect((await call(w.t.app, 'PUT', url, { as: w.artist, payload: { title: 'Hijacked' } })).statusCode).toBe(403);

    const deactivated = await call(w.t.app, 'PUT', url, { as: w.studio, payload: { isActive: false } });
    expect(deactivated.statusCode).toBe(200);
    // A partial update leaves the other fields alone.
    expect(deactivated.json()).toMatchObject({ isActive: false, title: 'Owner rules', compensation: '50/50', styles: [{ id: w.ref.style('realism') }] });

    const byAdmin = await call(w.t.app, 'PUT', url, {
      as: w.admin,
      payload: { isActive: true, styleIds: [w.ref.style('dotwork')], places: 3, countryId: w.ref.country('AT'), cityId: w.ref.vienna.id, compensation: '' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      isActive: true,
      places: 3,
      cityId: w.ref.vienna.id,
      countryCode: 'AT',
      compensation: null,
      styles: [{ id: w.ref.style('dotwork') }],
      studio: { id: w.studio.user.id },
    });
    expect(byAdmin.json().updatedAt >= spot.updatedAt).toBe(true);

    const badDates = await call(w.t.app, 'PUT', url, { as: w.studio, payload: { endDate: '2021-01-01' } });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json()).toMatchObject({ code: 'endBeforeStart', field: 'endDate' });
    expect((await call(w.t.app, 'PUT', url, { as: w.studio, payload: { places: 99 } })).json().code).toBe('placesRange');

    expect((await call(w.t.app, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(w.t.app, 'DELETE', url, { as: w.otherStudio })).statusCode).toBe(403);
    const deleted = await call(w.t.app, 'DELETE', url, { as: w.studio });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await call(w.t.app, 'GET', url)).statusCode).toBe(404);

    const another = await createGuestSpot(w.t.app, w.studio);
    expect((await call(w.t.app, 'DELETE', `/api/guest-spots/${another.id}`, { as: w.admin })).statusCode).toBe(200);
    const missing = await call(w.t.app, 'PUT', '/api/guest-spots/99999999', { as: w.studio, payload: { title: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'guestSpotNotFound', error: 'This guest spot could not be found.' });
    expect((await call(w.t.app, 'DELETE', '/api/guest-spots/not-a-number', { as: w.studio })).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', '/api/guest-spots/no-such-slug')).statusCode).toBe(404);
  });

  it('shows an inactive spot only to its studio and admins', async () => {
    const spot = await createGuestSpot(w.t.app, w.studio, { isActive: false });
    expect(spot.isActive).toBe(false);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/by-slug/${spot.slug}`, { as: w.otherStudio })).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`, { as: w.studio })).statusCode).toBe(200);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`, { as: w.admin })).statusCode).toBe(200);
  });

  it("lists a studio's spots newest first, inactive and ended ones only for the owner, and counts them", async () => {
    const owner = await createStudio(w.t.app);
    const a = await createGuestSpot(w.t.app, owner, { title: 'First' });
    const b = await createGuestSpot(w.t.app, owner, { title: 'Second', isActive: false });
    const c = await createGuestSpot(w.t.app, owner, { title: 'Third', startDate: '2024-03-01', endDate: '2024-03-10' });
    const url = `/api/guest-spots?studioId=${owner.user.id}`;
    const own = await call(w.t.app, 'GET', url, { as: owner });
    expect(own.statusCode).toBe(200);
    expect((own.json() as GuestSpot[]).map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect((await call(w.t.app, 'GET', url, { as: w.admin })).json()).toHaveLength(3);
    // An ended spot has left the public view, as it left the public list.
    const publicView = (await call(w.t.app, 'GET', url)).json() as GuestSpot[];
    expect(publicView.map((s) => s.id)).toEqual([a.id]);
    expect((await call(w.t.app, 'GET', url, { as: w.otherStudio })).json()).toHaveLength(1);

    expect((await call(w.t.app, 'GET', `${url}&count=true`, { as: owner })).json()).toEqual({ count: 3 });
    expect((await call(w.t.app, 'GET', `${url}&count=true`)).json()).toEqual({ count: 1 });
    expect((await call(w.t.app, 'GET', `/api/guest-spots?studioId=${w.artist.user.id}&count=true`)).json()).toEqual({ count: 0 });
    expect((await call(w.t.app, 'GET', `/api/guest-spots?studioId=${w.artist.user.id}`)).json()).toEqual([]);
    const bad = await call(w.t.app, 'GET', '/api/guest-spots?studioId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('filterInvalid');
  });

  it('matches the studio with artists whose availabilities fit, best first, for the owner and admins only', async () => {
    const matcher = await createStudio(w.t.app);
    const spot = await createGuestSpot(w.t.app, matcher, {
      title: 'Matching spot',
      startDate: day(10),
      endDate: day(19),
      countryId: w.ref.country('DE'),
      cityId: w.ref.berlin.id,
      styleIds: [w.ref.style('fine-line'), w.ref.style('blackwork')],
    });
    const artists = await Promise.all(Array.from({ length: 8 }, () => createArtist(w.t.app)));
    const [best, country, anywhere, elsewhere, later, inactive, past, bare] = artists as TestUser[];
    await givePictures(w.t.app, artists.filter((a) => a !== bare && a !== best));
    // A portfolio image alone lists the best fit, and its card shows it.
    await givePicture(w.t.app, best as TestUser, 'work');
    const fits = await createAvailability(w.t.app, best as TestUser, {
      title: 'Berlin, fine line',
      startDate: day(5),
      endDate: day(30),
      countryId: w.ref.country('DE'),
      cityId: w.ref.berlin.id,
      styleIds: [w.ref.style('fine-line'), w.ref.style('blackwork'), w.ref.style('dotwork')],
    });
    const inGermany = await createAvailability(w.t.app, country as TestUser, {
      title: 'Anywhere in Germany',
      startDate: day(15),
      endDate: day(40),
      countryId: w.ref.country('DE'),
      styleIds: [w.ref.style('fine-line')],
    });
    const openToAnywhere = await createAvailability(w.t.app, anywhere as TestUser, { title: 'Anywhere', startDate: day(10), endDate: day(12) });
    // Another country does not fit, whatever the dates and styles.
    await createAvailability(w.t.app, elsewhere as TestUser, { title: 'Vienna', startDate: day(10), endDate: day(19), cityId: w.ref.vienna.id, styleIds: [w.ref.style('fine-line')] });
    await createAvailability(w.t.app, later as TestUser, { startDate: day(20), endDate: day(25), cityId: w.ref.berlin.id });
    await createAvailability(w.t.app, inactive as TestUser, { cityId: w.ref.berlin.id, isActive: false });
    await createAvailability(w.t.app, past as TestUser, { startDate: '2024-01-01', endDate: '2024-12-31', cityId: w.ref.berlin.id });
    // A profile without any picture waits until it has one.
    await createAvailability(w.t.app, bare as TestUser, { startDate: day(10), endDate: day(19), cityId: w.ref.berlin.id, styleIds: [w.ref.style('fine-line')] });

    const url = `/api/guest-spots/${spot.id}/matches`;
    const res = await call(w.t.app, 'GET', url, { as: matcher, lang: 'de' });
    expect(res.statusCode).toBe(200);
    const matches = res.json();
    expect(matches.map((m: { availability: { id: number } }) => m.availability.id)).toEqual([fits.id, inGermany.id, openToAnywhere.id]);
    // 10 days + 2 styles x 40 + city 10 + country 5; 5 days + 40 + 5; 3 days.
    expect(matches[0]).toMatchObject({
      score: 10 + 80 + 10 + 5,
      reasons: {
        daysInCommon: 10,
        sameCity: true,
        sameCountry: true,
        stylesInCommon: [
          { id: w.ref.style('blackwork'), name: 'Blackwork' },
          { id: w.ref.style('fine-line'), name: 'Fine Line' },
        ],
      },
      images: [{ thumbnailUrl: `/uploads/gallery/${best?.user.id}/test-thumb.webp`, width: 1200, height: 1500 }],
      availability: { id: fits.id, slug: fits.slug, artist: { id: best?.user.id, username: best?.user.username } },
    });
    expect(matches[1]).toMatchObject({ score: 5 + 40 + 5, reasons: { daysInCommon: 5, sameCity: false, sameCountry: true } });
    expect(matches[2]).toMatchObject({ score: 3, reasons: { daysInCommon: 3, sameCity: false, sameCountry: false, stylesInCommon: [] } });

    expect((await call(w.t.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(w.t.app, 'GET', url, { as: w.otherStudio })).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', url, { as: best })).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', url, { as: w.admin })).json()).toHaveLength(3);
    expect((await call(w.t.app, 'GET', '/api/guest-spots/99999999/matches', { as: matcher })).statusCode).toBe(404);
  });
});

describeEachEngine('guest spots: the public list', (engine) => {
  const spots: Record<string, GuestSpot> = {};

  const w = useListingWorld(engine, async ({ t, ref, studio: berlin, otherStudio: vienna }) => {
    const base = { countryId: ref.country('DE'), cityId: ref.berlin.id };
    spots.soon = await createGuestSpot(t.app, berlin, { ...base, title: 'Fine line in Berlin', startDate: day(2), endDate: day(9), styleIds: [ref.style('fine-line')] });
    spots.now = await createGuestSpot(t.app, berlin, { ...base, title: 'Running now', startDate: day(-3), endDate: day(3), styleIds: [ref.style('realism')] });
    spots.later = await createGuestSpot(t.app, vienna, {
      countryId: ref.country('AT'),
      cityId: ref.vienna.id,
      title: 'Wiener Blackwork',
      description: 'Gäste für Blackwork gesucht, 100% Spaß.',
      startDate: day(40),
      endDate: day(50),
      styleIds: [ref.style('blackwork'), ref.style('fine-line')],
    });
    spots.munich = await createGuestSpot(t.app, berlin, { countryId: ref.country('DE'), cityId: ref.munich.id, title: 'Oktoberfest', startDate: day(20), endDate: day(25) });
    spots.endsToday = await createGuestSpot(t.app, berlin, { ...base, title: 'Last day', startDate: day(-10), endDate: day(0) });
    await createGuestSpot(t.app, berlin, { ...base, title: 'Ended yesterday', startDate: day(-10), endDate: day(-1) });
    await createGuestSpot(t.app, berlin, { ...base, title: 'Inactive', isActive: false });
  });

  const { list, ids } = publicListReader<GuestSpot>(() => w.t.app, '/api/guest-spots');

  it('shows active spots that have not ended, soonest start first, 12 a page', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 12 });
    expect(ids(page)).toEqual([spots.endsToday?.id, spots.now?.id, spots.soon?.id, spots.munich?.id, spots.later?.id]);
    // A list card carries the pictures it leads with besides the entity.
    expect(Object.keys(page.items[0] as object).sort()).toEqual([...ENTITY_KEYS, 'images', 'ownerFeatured'].sort());
  });

  it('filters by style, country (id or code), city, dates and text', async () => {
    expect(ids(await list(`?style=${w.ref.style('fine-line')}`))).toEqual([spots.soon?.id, spots.later?.id]);
    expect(ids(await list(`?country=${w.ref.country('AT')}`))).toEqual([spots.later?.id]);
    expect(ids(await list('?country=at'))).toEqual([spots.later?.id]);
    expect((await list('?country=QQ')).total).toBe(0);
    expect(ids(await list(`?city=${w.ref.munich.id}`))).toEqual([spots.munich?.id]);
    expect(ids(await list(`?country=DE&city=${w.ref.berlin.id}&style=${w.ref.style('realism')}`))).toEqual([spots.now?.id]);
    // Periods overlapping from..to.
    expect(ids(await list(`?from=${day(5)}&to=${day(21)}`))).toEqual([spots.soon?.id, spots.munich?.id]);
    expect(ids(await list(`?from=${day(45)}`))).toEqual([spots.later?.id]);
    expect(ids(await list(`?to=${day(1)}`))).toEqual([spots.endsToday?.id, spots.now?.id]);
    // Any case, accents optional; the studio's city name is searched too.
    expect(ids(await list('?q=WIENER'))).toEqual([spots.later?.id]);
    expect(ids(await list('?q=gaste'))).toEqual([spots.later?.id]);
    expect(ids(await list(`?q=${encodeURIComponent(w.ref.munich.name.toUpperCase())}`))).toEqual([spots.munich?.id]);
    expect(ids(await list('?q=100%25'))).toEqual([spots.later?.id]);
    // % and _ match themselves, not any text.
    expect(ids(await list('?q=%25'))).toEqual([spots.later?.id]);
    expect((await list('?q=_')).total).toBe(0);
  });

  it('pages with page and limit', async () => {
    const first = await list('?limit=2');
    const second = await list('?limit=2&page=2');
    const third = await list('?limit=2&page=3');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(await list()));
    expect((await list('?limit=2&page=9')).items).toEqual([]);
  });

  it('finds a spot by its new words after an edit, and no longer after deletion', async () => {
    const studio = await createStudio(w.t.app);
    const spot = await createGuestSpot(w.t.app, studio, { title: 'Kirschblüten Woche', startDate: day(3), endDate: day(6) });
    expect(ids(await list('?q=kirschbluten'))).toEqual([spot.id]);
    const res = await call(w.t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { title: 'Irezumi Tage' } });
    expect(res.statusCode).toBe(200);
    expect((await list('?q=kirschbluten')).total).toBe(0);
    expect(ids(await list('?q=IREZUMI'))).toEqual([spot.id]);
    // Fewer than three characters still match as a substring.
    expect(ids(await list('?q=zu'))).toContain(spot.id);
    await call(w.t.app, 'DELETE', `/api/guest-spots/${spot.id}`, { as: studio });
    expect((await list('?q=irezumi')).total).toBe(0);
  });

  it('answers repeated reads from memory, and shows a write at once', async () => {
    // The earlier writes' events clear the lists again when delivered: done with before reading.
    await w.t.app.ctx.outbox.drain();
    const before = await list('?limit=50');
    // A row written behind the API's back stays unseen while the answer is fresh...
    await w.t.app.ctx.db.updateTable('guest_spots').set({ title: 'Renamed directly' }).where('id', '=', spots.soon?.id as number).execute();
    expect((await list('?limit=50')).items.find((s) => s.id === spots.soon?.id)?.title).toBe('Fine line in Berlin');
    // ...and any write through the API clears the cache, so its author sees the change on the next read.
    const studio = await createStudio(w.t.app);
    const added = await createGuestSpot(w.t.app, studio, { countryId: w.ref.country('DE'), cityId: w.ref.berlin.id, title: 'Brand new', startDate: day(1), endDate: day(2) });
    const after = await list('?limit=50');
    expect(after.total).toBe(before.total + 1);
    expect(ids(after)).toContain(added.id);
    expect(after.items.find((s) => s.id === spots.soon?.id)?.title).toBe('Renamed directly');
    const res = await call(w.t.app, 'DELETE', `/api/guest-spots/${added.id}`, { as: studio });
    expect(res.statusCode).toBe(200);
    expect(ids(await list('?limit=50'))).not.toContain(added.id);
  });

  it('refuses bad filters with 400', async () => {
    for (const [query, code] of [
      ['?limit=51', 'filterInvalid'],
      ['?limit=0', 'filterInvalid'],
      ['?page=0', 'filterInvalid'],
      ['?page=x', 'filterInvalid'],
      ['?style=abc', 'filterInvalid'],
      ['?country=DEU', 'filterInvalid'],
      ['?from=2026-13-01', 'dateInvalid'],
      [`?from=${day(5)}&to=${day(1)}`, 'endBeforeStart'],
      [`?q=${'x'.repeat(101)}`, 'tooLong'],
    ]) {
      const res = await call(w.t.app, 'GET', `/api/guest-spots${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe(code);
    }
  });
});
