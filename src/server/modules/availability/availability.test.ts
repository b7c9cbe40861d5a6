import { expect, it } from 'vitest';
import type { Availability } from '../../../common/schemas/availability';
import { describeEachEngine } from '../../test/app';
import { createArtist, createStudio } from '../../test/factories';
import { publicListReader, useListingWorld } from '../listings/testing';
import { call, createAvailability, createGuestSpot, day, postListing } from '../../test/listing-factories';
import { givePictures } from '../../test/pictures';

const ENTITY_KEYS = [
  'artist', 'can', 'cityId', 'cityName', 'countryCode', 'countryId', 'countryName', 'createdAt', 'description', 'endDate', 'ended', 'id',
  'isActive', 'preferredLocation', 'slug', 'startDate', 'styles', 'title', 'updatedAt', 'wishes',
];

describeEachEngine('availability: calls, roles and rules', (engine) => {
  const w = useListingWorld(engine);

  it('lets an artist post an availability, answered at the top level with slug, styles, place and artist', async () => {
    const res = await postListing(w.t.app, 'availability', { as: w.artist, lang: 'fr' }, {
      title: 'Tournée Süddeutschland',
      startDate: day(14),
      endDate: day(28),
      preferredLocation: 'Süddeutschland, gern München',
      countryId: w.ref.country('DE'),
      cityId: String(w.ref.munich.id),
      description: 'Fine line et dotwork, flashs disponibles.',
      styleIds: [w.ref.style('fine-line'), w.ref.style('dotwork'), w.ref.style('geometric')],
    });
    expect(res.statusCode).toBe(201);
    const availability = res.json() as Availability;
    expect(Object.keys(availability).sort()).toEqual(ENTITY_KEYS);
    expect(availability).toMatchObject({
      slug: 'tournee-sueddeutschland',
      title: 'Tournée Süddeutschland',
      startDate: day(14),
      endDate: day(28),
      preferredLocation: 'Süddeutschland, gern München',
      countryId: w.ref.country('DE'),
      cityId: w.ref.munich.id,
      cityName: w.ref.munich.name,
      countryName: 'Allemagne',
      countryCode: 'DE',
      isActive: true,
      artist: { id: w.artist.user.id, name: w.artist.user.name, username: w.artist.user.username, avatar: null, cityName: null },
    });
    expect(availability.styles.map((s) => s.name)).toEqual(['Dotwork', 'Fine Line', 'Géométrique']);
    for (const url of [
      `/api/artist-availability/${availability.id}`,
      `/api/artist-availability/by-slug/${availability.slug}`,
      `/api/artist-availability/${availability.slug}`,
    ]) {
      const got = await call(w.t.app, 'GET', url, { lang: 'fr' });
      expect(got.statusCode, url).toBe(200);
      // A visitor sees the same listing, but may change nothing of it.
      expect(got.json()).toEqual({ ...availability, can: { edit: false, delete: false } });
    }
    const bare = await createAvailability(w.t.app, w.artist, { title: 'Open', description: '' });
    expect(bare).toMatchObject({ preferredLocation: null, countryId: null, cityId: null, cityName: null, countryCode: null, description: null, styles: [] });
  });

  it('refuses studios (403) and visitors (401)', async () => {
    const byStudio = await call(w.t.app, 'POST', '/api/artist-availability', { as: w.studio, payload: {}, lang: 'de' });
    expect(byStudio.statusCode).toBe(403);
    expect(byStudio.json()).toMatchObject({ code: 'onlyArtists', error: 'Nur Künstler können Verfügbarkeiten anbieten.' });
    expect((await call(w.t.app, 'POST', '/api/artist-availability', { payload: {} })).statusCode).toBe(401);
  });

  it('validates the form with messages in the request language', async () => {
    const valid = { title: 'Valid', startDate: day(5), endDate: day(6) };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, title: '' }, 'titleRequired', 'title'],
      [{ ...valid, title: 'x'.repeat(121) }, 'tooLong', 'title'],
      [{ ...valid, endDate: undefined }, 'dateRequired', 'endDate'],
      [{ ...valid, startDate: '2019-06-01' }, 'dateTooEarly', 'startDate'],
      [{ ...valid, startDate: '2026-1-1' }, 'dateInvalid', 'startDate'],
      [{ ...valid, startDate: day(7) }, 'endBeforeStart', 'endDate'],
      [{ ...valid, preferredLocation: 'x'.repeat(201) }, 'tooLong', 'preferredLocation'],
      [{ ...valid, description: 'x'.repeat(5001) }, 'tooLong', 'description'],
      [{ ...valid, styleIds: [w.ref.style('realism'), 987_654] }, 'styleUnknown', 'styleIds'],
      [{ ...valid, styleIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'tooManyStyles', 'styleIds'],
      [{ ...valid, countryId: 987_654 }, 'countryUnknown', 'countryId'],
      [{ ...valid, countryId: w.ref.country('AT'), cityId: w.ref.berlin.id }, 'cityNotInCountry', 'cityId'],
      [{ ...valid, isActive: 'maybe' }, 'validation', 'isActive'],
    ];
    for (const [payload, code, field] of cases) {
      const res = await call(w.t.app, 'POST', '/api/artist-availability', { as: w.artist, payload, lang: 'es' });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ success: false, code, field });
    }
    const spanish = await call(w.t.app, 'POST', '/api/artist-availability', { as: w.artist, payload: { ...valid, startDate: '2019-06-01' }, lang: 'es' });
    expect(spanish.json().error).toBe('No se admiten fechas anteriores a 2020.');
  });

  it('keeps slugs unique and stable', async () => {
    const a = await createAvailability(w.t.app, w.artist, { title: 'Ø Kopenhagen & Malmö' });
    const b = await createAvailability(w.t.app, w.otherArtist, { title: 'Ø Kopenhagen & Malmö' });
    expect([a.slug, b.slug]).toEqual(['o-kopenhagen-and-malmoe', 'o-kopenhagen-and-malmoe-2']);
    const renamed = await call(w.t.app, 'PUT', `/api/artist-availability/${a.id}`, { as: w.artist, payload: { title: 'Stockholm' } });
    expect(renamed.json()).toMatchObject({ title: 'Stockholm', slug: a.slug });
  });

  it('lets the owner and admins edit and delete; others get 403, visitors 401', async () => {
    const entry = await createAvailability(w.t.app, w.artist, { title: 'Rules', preferredLocation: 'Hamburg', styleIds: [w.ref.style('realism')] });
    const url = `/api/artist-availability/${entry.id}`;
    expect((await call(w.t.app, 'PUT', url, { payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await call(w.t.app, 'PUT', url, { as: w.otherArtist, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await call(w.t.app, 'PUT', url, { as: w.studio, payload: { title: 'x' } })).statusCode).toBe(403);
    const own = await call(w.t.app, 'PUT', url, { as: w.artist, payload: { isActive: false, countryId: w.ref.country('AT'), cityId: w.ref.vienna.id } });
    expect(own.json()).toMatchObject({ isActive: false, title: 'Rules', preferredLocation: 'Hamburg', cityName: w.ref.vienna.name, countryCode: 'AT' });
    const byAdmin = await call(w.t.app, 'PUT', url, { as: w.admin, payload: { styleIds: [], preferredLocation: null, endDate: day(40) } });
    expect(byAdmin.json()).toMatchObject({ styles: [], preferredLocation: null, endDate: day(40), cityId: w.ref.vienna.id, artist: { id: w.artist.user.id } });
    expect((await call(w.t.app, 'PUT', url, { as: w.artist, payload: { startDate: day(41) } })).json().code).toBe('endBeforeStart');

    expect((await call(w.t.app, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(w.t.app, 'DELETE', url, { as: w.otherArtist })).statusCode).toBe(403);
    expect((await call(w.t.app, 'DELETE', url, { as: w.admin })).json()).toEqual({ success: true });
    const gone = await call(w.t.app, 'GET', url, { lang: 'pt' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Esta disponibilidade não foi encontrada.');
    const mine = await createAvailability(w.t.app, w.artist);
    expect((await call(w.t.app, 'DELETE', `/api/artist-availability/${mine.id}`, { as: w.artist })).statusCode).toBe(200);
  });

  it("lists an artist's entries newest first, inactive ones only for the owner, and counts them", async () => {
    const owner = await createArtist(w.t.app);
    const a = await createAvailability(w.t.app, owner, { title: 'One' });
    const b = await createAvailability(w.t.app, owner, { title: 'Two', isActive: false });
    const url = `/api/artist-availability?artistId=${owner.user.id}`;
    expect(((await call(w.t.app, 'GET', url, { as: owner })).json() as Availability[]).map((x) => x.id)).toEqual([b.id, a.id]);
    expect(((await call(w.t.app, 'GET', url)).json() as Availability[]).map((x) => x.id)).toEqual([a.id]);
    expect((await call(w.t.app, 'GET', url, { as: w.admin })).json()).toHaveLength(2);
    expect((await call(w.t.app, 'GET', `${url}&count=true`, { as: owner })).json()).toEqual({ count: 2 });
    expect((await call(w.t.app, 'GET', `${url}&count=true`, { as: w.studio })).json()).toEqual({ count: 1 });
    expect((await call(w.t.app, 'GET', `/api/artist-availability/${b.id}`)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', `/api/artist-availability/${b.id}`, { as: owner })).statusCode).toBe(200);
  });

  it('matches an availability with guest spots that fit, for the owner and admins only', async () => {
    const traveller = await createArtist(w.t.app);
    const entry = await createAvailability(w.t.app, traveller, {
      startDate: day(100),
      endDate: day(120),
      countryId: w.ref.country('AT'),
      cityId: w.ref.vienna.id,
      styleIds: [w.ref.style('japanese')],
    });
    const viennaStudio = await createStudio(w.t.app);
    const austrianStudio = await createStudio(w.t.app);
    await givePictures(w.t.app, [viennaStudio, austrianStudio, w.studio]);
    const vienna = await createGuestSpot(w.t.app, viennaStudio, {
      startDate: day(105),
      endDate: day(110),
      cityId: w.ref.vienna.id,
      styleIds: [w.ref.style('japanese'), w.ref.style('realism')],
    });
    const austria = await createGuestSpot(w.t.app, austrianStudio, { startDate: day(90), endDate: day(130), countryId: w.ref.country('AT') });
    // Germany is not where this artist goes, however long the spot.
    const berlin = await createGuestSpot(w.t.app, w.studio, { startDate: day(90), endDate: day(130), cityId: w.ref.berlin.id, styleIds: [w.ref.style('japanese')] });
    await createGuestSpot(w.t.app, viennaStudio, { startDate: day(105), endDate: day(110), cityId: w.ref.vienna.id, isActive: false });
    await createGuestSpot(w.t.app, viennaStudio, { startDate: day(121), endDate: day(130), cityId: w.ref.vienna.id });

    const url = `/api/artist-availability/${entry.id}/matches`;
    const res = await call(w.t.app, 'GET', url, { as: traveller });
    expect(res.statusCode).toBe(200);
    const matches = res.json();
    expect(matches.map((m: { guestSpot: { id: number } }) => m.guestSpot.id)).toEqual([vienna.id, austria.id]);
    expect(matches[0]).toMatchObject({
      score: 6 + 40 + 10 + 5,
      reasons: { daysInCommon: 6, sameCity: true, sameCountry: true, stylesInCommon: [{ id: w.ref.style('japanese') }] },
      guestSpot: { id: vienna.id, slug: vienna.slug, studio: { id: viennaStudio.user.id } },
    });
    expect(matches[1]).toMatchObject({ score: 20 + 5, reasons: { daysInCommon: 21, sameCity: false, sameCountry: true, stylesInCommon: [] } });
    // Without a country the artist goes anywhere: the German spot fits too, its style in common first.
    const anywhere = await createAvailability(w.t.app, traveller, { startDate: day(100), endDate: day(120), styleIds: [w.ref.style('japanese')] });
    const open = (await call(w.t.app, 'GET', `/api/artist-availability/${anywhere.id}/matches`, { as: traveller })).json();
    expect(open.map((m: { guestSpot: { id: number } }) => m.guestSpot.id)).toEqual([berlin.id, vienna.id, austria.id]);
    expect(open[0]).toMatchObject({ score: 20 + 40, reasons: { daysInCommon: 21, sameCity: false, sameCountry: false } });
    expect((await call(w.t.app, 'GET', url)).statusCode).toBe(401);
    expect((await call(w.t.app, 'GET', url, { as: w.otherArtist })).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', url, { as: viennaStudio })).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', url, { as: w.admin })).statusCode).toBe(200);
  });
});

describeEachEngine('availability: the public list', (engine) => {
  const entries: Record<string, Availability> = {};

  const w = useListingWorld(engine, async ({ t, ref, artist: a, otherArtist: b }) => {
    entries.hamburg = await createAvailability(t.app, a, {
      title: 'Hamburg im Herbst',
      startDate: day(30),
      endDate: day(40),
      countryId: ref.country('DE'),
      cityId: ref.hamburg.id,
      styleIds: [ref.style('traditional')],
    });
    entries.now = await createAvailability(t.app, b, {
      title: 'Sofort verfügbar',
      preferredLocation: 'Überall in Österreich',
      startDate: day(-2),
      endDate: day(5),
      countryId: ref.country('AT'),
      styleIds: [ref.style('traditional'), ref.style('blackwork')],
    });
    entries.later = await createAvailability(t.app, a, { title: 'Frankreich', startDate: day(60), endDate: day(70), countryId: ref.country('FR') });
    await createAvailability(t.app, a, { title: 'Vorbei', startDate: '2024-05-01', endDate: '2024-05-10' });
    await createAvailability(t.app, b, { title: 'Pausiert', isActive: false });
  });

  const { list, ids } = publicListReader<Availability>(() => w.t.app, '/api/artist-availability');

  it('shows active entries that have not ended, soonest start first, with filters and paging', async () => {
    const all = await list();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 12 });
    expect(ids(all)).toEqual([entries.now?.id, entries.hamburg?.id, entries.later?.id]);
    // A list card carries the pictures it leads with besides the entity.
    expect(Object.keys(all.items[0] as object).sort()).toEqual([...ENTITY_KEYS, 'images', 'ownerFeatured'].sort());
    expect(ids(await list(`?style=${w.ref.style('traditional')}`))).toEqual([entries.now?.id, entries.hamburg?.id]);
    expect(ids(await list(`?style=${w.ref.style('blackwork')}&country=AT`))).toEqual([entries.now?.id]);
    expect(ids(await list(`?country=${w.ref.country('FR')}`))).toEqual([entries.later?.id]);
    expect(ids(await list(`?city=${w.ref.hamburg.id}`))).toEqual([entries.hamburg?.id]);
    expect(ids(await list(`?from=${day(35)}&to=${day(65)}`))).toEqual([entries.hamburg?.id, entries.later?.id]);
    expect(ids(await list('?q=osterreich'))).toEqual([entries.now?.id]);
    expect(ids(await list('?q=HERBST'))).toEqual([entries.hamburg?.id]);
    const second = await list('?limit=1&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(ids(second)).toEqual([entries.hamburg?.id]);
    for (const query of ['?limit=100', '?page=-1', '?city=0', '?to=2026-02-31']) {
      expect((await call(w.t.app, 'GET', `/api/artist-availability${query}`)).statusCode, query).toBe(400);
    }
  });
});
