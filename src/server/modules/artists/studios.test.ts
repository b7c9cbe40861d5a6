import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StudioPage } from '../../../common/schemas/artists';
import { isProfileSegment, usernameProblem } from '../../../common/username';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot, day, makeAdmin, placeUser, referenceIds } from '../../test/listing-factories';
import { givePicture, givePictures } from '../../test/pictures';
import { expectListPage } from '../listings/testing';

describeEachEngine('studio listing', (engine) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof referenceIds>>;
  let featured: TestUser;
  let hosting: TestUser;
  let quiet: TestUser;
  let bare: TestUser;
  let spot = { id: 0, slug: '' };

  beforeAll(async () => {
    t = await createTestApp(engine);
    ref = await referenceIds(t.app);
    const db = t.app.ctx.db;
    featured = await createStudio(t.app);
    hosting = await createStudio(t.app);
    quiet = await createStudio(t.app);
    // Not studios, or without a picture: never in the list.
    await givePicture(t.app, await createArtist(t.app));
    await givePicture(t.app, await makeAdmin(t.app, await createStudio(t.app)));
    bare = await createStudio(t.app);
    await givePictures(t.app, [featured, hosting, quiet]);
    for (const [i, user] of [featured, hosting, quiet].entries()) {
      await db.updateTable('users').set({ created_at: `2026-01-0${i + 1}T10:00:00.000Z` }).where('id', '=', user.user.id).execute();
    }
    await db.updateTable('users').set({ featured_until: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', featured.user.id).execute();
    await placeUser(t.app, featured, { countryId: ref.country('DE'), cityId: ref.berlin.id, cityName: ref.berlin.name });
    await placeUser(t.app, hosting, { countryId: ref.country('DE'), cityId: ref.hamburg.id, cityName: ref.hamburg.name });
    await placeUser(t.app, quiet, { countryId: ref.country('AT'), cityId: ref.vienna.id, cityName: ref.vienna.name });
    await db.insertInto('user_styles').values([
      { user_id: hosting.user.id, style_id: ref.style('realism') },
      { user_id: quiet.user.id, style_id: ref.style('fine-line') },
    ]).execute();
    // An open spot counts however far ahead it starts; the soonest is the card's; ended and inactive ones do not count.
    await createGuestSpot(t.app, hosting, { title: 'Later', startDate: day(100), endDate: day(120) });
    const soon = await createGuestSpot(t.app, hosting, { title: 'Soon', startDate: day(90), endDate: day(95) });
    spot = { id: soon.id, slug: soon.slug };
    await createGuestSpot(t.app, quiet, { startDate: day(-20), endDate: day(-1) });
    await createGuestSpot(t.app, featured, { startDate: day(1), endDate: day(5), isActive: false });
    await createGuestSpot(t.app, bare, { startDate: day(1), endDate: day(5) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '', lang = 'en') => {
    const res = await call(t.app, 'GET', `/api/studios${query}`, { lang });
    expect(res.statusCode, query).toBe(200);
    return res.json() as StudioPage;
  };
  const ids = (page: StudioPage) => page.items.map((s) => s.id);

  it('lists studios with a picture only, featured first, then the newest, with the soonest open guest spot', async () => {
    const page = await list('', 'de');
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 12 });
    expect(ids(page)).toEqual([featured.user.id, quiet.user.id, hosting.user.id]);
    const byId = new Map(page.items.map((s) => [s.id, s]));
    expect(byId.get(featured.user.id)).toMatchObject({ featured: true, cityName: 'Berlin', countryCode: 'DE', openGuestSpot: null });
    expect(byId.get(hosting.user.id)?.openGuestSpot).toEqual({ ...spot, title: 'Soon', startDate: day(90), endDate: day(95) });
    expect(byId.get(hosting.user.id)?.styles).toEqual([{ id: ref.style('realism'), name: 'Realismus' }]);
    expect(byId.get(quiet.user.id)?.openGuestSpot).toBeNull();
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(['avatar', 'cityName', 'countryCode', 'featured', 'id', 'images', 'name', 'openGuestSpot', 'rating', 'styles', 'username', 'verified']);
  });

  it('filters by style, country, city and open guest spots, and pages', async () => {
    expect(ids(await list(`?style=${ref.style('realism')}`))).toEqual([hosting.user.id]);
    expect(ids(await list('?country=DE'))).toEqual([featured.user.id, hosting.user.id]);
    expect(ids(await list(`?city=${ref.vienna.id}`))).toEqual([quiet.user.id]);
    expect(ids(await list('?openGuestSpots=true'))).toEqual([hosting.user.id]);
    expect(ids(await list('?openGuestSpots=false'))).toHaveLength(3);
    const second = await list('?limit=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(second)).toEqual([hosting.user.id]);
    for (const query of ['?limit=51', '?page=0', '?openGuestSpots=yes', '?style=x', '?country=Germany']) {
      const res = await call(t.app, 'GET', `/api/studios${query}`, { lang: 'de' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('filterInvalid');
      expect(res.json().message, query).toBeTruthy();
    }
  });

  it('shows a new guest spot at once: a guest spot write clears the studio list', async () => {
    expect(ids(await list('?openGuestSpots=true'))).toEqual([hosting.user.id]);
    await createGuestSpot(t.app, quiet, { startDate: day(2), endDate: day(4) });
    expect(ids(await list('?openGuestSpots=true'))).toEqual([quiet.user.id, hosting.user.id]);
  });

  it('answers its pages in five languages, with titles, canonical and paging links', async () => {
    const page = (url: string) => t.app.inject({ method: 'GET', url });
    expectListPage(await page('/tattoostudios'), { title: 'Tattoo studios | Tattoo Guest Spots', canonical: 'http://localhost:3000/tattoostudios', prev: undefined, next: undefined });
    expectListPage(await page('/de/tattoostudios'), { title: 'Tattoostudios | Tattoo Guest Spots', canonical: 'http://localhost:3000/de/tattoostudios' });
    expectListPage(await page('/es/tattoostudios'), { title: 'Estudios de tatuaje | Tattoo Guest Spots', canonical: 'http://localhost:3000/es/tattoostudios' });
    expectListPage(await page('/fr/tattoostudios'), { title: 'Studios de tatouage | Tattoo Guest Spots', canonical: 'http://localhost:3000/fr/tattoostudios' });
    expectListPage(await page('/pt/tattoostudios'), { title: 'Estúdios de tatuagem | Tattoo Guest Spots', canonical: 'http://localhost:3000/pt/tattoostudios' });
    // Three studios fill one page of twelve: page 2 is past the end.
    expect((await page('/tattoostudios/page/2')).statusCode).toBe(404);
  });
});

it('reserves the studio list path as a username', () => {
  expect(usernameProblem('tattoostudios')).toBe('reserved');
  expect(usernameProblem('TattooStudios')).toBe('reserved');
  expect(isProfileSegment('tattoostudios')).toBe(false);
});
