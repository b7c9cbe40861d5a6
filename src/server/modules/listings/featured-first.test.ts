import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListPage } from '../../../common/schemas/listing-fields';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, referenceIds } from '../../test/listing-factories';

type Card = { id: number; ownerFeatured: boolean; studio?: { id: number }; artist?: { id: number } };

describeEachEngine('featured owners first in the public lists', (engine) => {
  let t: TestApp;
  const spot: Record<string, number> = {};
  const entry: Record<string, number> = {};
  let featuredStudio: TestUser;
  let featuredArtist: TestUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const ref = await referenceIds(t.app);
    const db = t.app.ctx.db;
    featuredStudio = await createStudio(t.app);
    const plainStudio = await createStudio(t.app);
    const lapsedStudio = await createStudio(t.app);
    featuredArtist = await createArtist(t.app);
    const plainArtist = await createArtist(t.app);
    // The featured owners' entries start latest, so only the featured ordering puts them first.
    spot.f1 = (await createGuestSpot(t.app, featuredStudio, { title: 'Featured one', startDate: day(5), endDate: day(9), countryId: ref.country('DE'), cityId: ref.berlin.id })).id;
    spot.f2 = (await createGuestSpot(t.app, featuredStudio, { title: 'Featured two', startDate: day(6), endDate: day(9), countryId: ref.country('AT'), cityId: ref.vienna.id })).id;
    spot.lapsed = (await createGuestSpot(t.app, lapsedStudio, { title: 'Lapsed', startDate: day(0), endDate: day(9), countryId: ref.country('DE'), cityId: ref.hamburg.id })).id;
    spot.p1 = (await createGuestSpot(t.app, plainStudio, { title: 'Plain one', startDate: day(1), endDate: day(9), countryId: ref.country('DE'), cityId: ref.berlin.id })).id;
    spot.p2 = (await createGuestSpot(t.app, plainStudio, { title: 'Plain two', startDate: day(2), endDate: day(9), countryId: ref.country('DE'), cityId: ref.munich.id })).id;
    spot.p3 = (await createGuestSpot(t.app, plainStudio, { title: 'Plain three', startDate: day(3), endDate: day(9), countryId: ref.country('AT'), cityId: ref.vienna.id })).id;
    // A featured owner's inactive or ended spot stays out as anyone's would.
    await createGuestSpot(t.app, featuredStudio, { title: 'Paused', startDate: day(1), endDate: day(9), isActive: false });
    await createGuestSpot(t.app, featuredStudio, { title: 'Over', startDate: day(-9), endDate: day(-1) });
    entry.f1 = (await createAvailability(t.app, featuredArtist, { title: 'Featured trip', startDate: day(8), endDate: day(12) })).id;
    entry.p1 = (await createAvailability(t.app, plainArtist, { title: 'Plain trip', startDate: day(1), endDate: day(4) })).id;
    entry.p2 = (await createAvailability(t.app, plainArtist, { title: 'Plain trip two', startDate: day(2), endDate: day(4) })).id;
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await db.updateTable('users').set({ featured_until: ahead }).where('id', 'in', [featuredStudio.user.id, featuredArtist.user.id]).execute();
    await db.updateTable('users').set({ featured_until: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', lapsedStudio.user.id).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (api: string, query = '') => {
    const res = await call(t.app, 'GET', `${api}${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json() as ListPage<Card>;
  };
  const ids = (page: ListPage<Card>) => page.items.map((c) => c.id);

  it('starts page 1 with the featured studios’ guest spots, marks them, and counts as before', async () => {
    const page = await list('/api/guest-spots');
    expect(page.total).toBe(6);
    expect(ids(page)).toEqual([spot.f1, spot.f2, spot.lapsed, spot.p1, spot.p2, spot.p3]);
    expect(page.items.map((c) => c.ownerFeatured)).toEqual([true, true, false, false, false, false]);
    expect(page.items[0]?.studio?.id).toBe(featuredStudio.user.id);
  });

  it('splits the offset between the featured entries and the rest, each entry once', async () => {
    const seen: number[] = [];
    for (const n of [1, 2, 3]) {
      const page = await list('/api/guest-spots', `?limit=2&page=${n}`);
      expect(page.total).toBe(6);
      seen.push(...ids(page));
    }
    expect(seen).toEqual([spot.f1, spot.f2, spot.lapsed, spot.p1, spot.p2, spot.p3]);
    // A page that straddles the featured part and the rest.
    expect(ids(await list('/api/guest-spots', '?limit=3&page=1'))).toEqual([spot.f1, spot.f2, spot.lapsed]);
    expect(ids(await list('/api/guest-spots', '?limit=4&page=2'))).toEqual([spot.p2, spot.p3]);
    expect(ids(await list('/api/guest-spots', '?limit=4&page=3'))).toEqual([]);
  });

  it('keeps the filters for both parts', async () => {
    const de = await list('/api/guest-spots', '?country=DE');
    expect(de.total).toBe(4);
    expect(ids(de)).toEqual([spot.f1, spot.lapsed, spot.p1, spot.p2]);
    const at = await list('/api/guest-spots', '?country=AT&limit=1&page=2');
    expect(at.total).toBe(2);
    expect(ids(at)).toEqual([spot.p3]);
    const text = await list('/api/guest-spots', '?q=featured');
    expect(ids(text)).toEqual([spot.f1, spot.f2]);
  });

  it('starts the availabilities with the featured artists’ entries', async () => {
    const page = await list('/api/artist-availability');
    expect(page.total).toBe(3);
    expect(ids(page)).toEqual([entry.f1, entry.p1, entry.p2]);
    expect(page.items.map((c) => c.ownerFeatured)).toEqual([true, false, false]);
    expect(page.items[0]?.artist?.id).toBe(featuredArtist.user.id);
    expect(ids(await list('/api/artist-availability', '?limit=1&page=2'))).toEqual([entry.p1]);
  });
});
