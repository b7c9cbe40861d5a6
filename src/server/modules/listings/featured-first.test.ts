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

describeEachEngine('at most three of one featured owner’s listings lead the public lists', (engine) => {
  let t: TestApp;
  const spot: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const many = await createStudio(t.app);
    const few = await createStudio(t.app);
    const plain = await createStudio(t.app);
    // The studio with many spots posts them first and soonest: only the per-owner cap keeps its fourth and fifth out of the lead.
    for (const n of [1, 2, 3, 4, 5]) spot[`many${n}`] = (await createGuestSpot(t.app, many, { title: `Many ${n}`, startDate: day(n), endDate: day(20) })).id;
    spot.few1 = (await createGuestSpot(t.app, few, { title: 'Few one', startDate: day(6), endDate: day(20) })).id;
    spot.few2 = (await createGuestSpot(t.app, few, { title: 'Few two', startDate: day(7), endDate: day(20) })).id;
    spot.plain0 = (await createGuestSpot(t.app, plain, { title: 'Plain early', startDate: day(0), endDate: day(20) })).id;
    spot.plain8 = (await createGuestSpot(t.app, plain, { title: 'Plain late', startDate: day(8), endDate: day(20) })).id;
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await t.app.ctx.db.updateTable('users').set({ featured_until: ahead }).where('id', 'in', [many.user.id, few.user.id]).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '') => {
    const res = await call(t.app, 'GET', `/api/guest-spots${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json() as ListPage<Card>;
  };

  it('leads with each featured owner’s three soonest, then everything else in the ordinary order, each once', async () => {
    const expected = [spot.many1, spot.many2, spot.many3, spot.few1, spot.few2, spot.plain0, spot.many4, spot.many5, spot.plain8];
    const page = await list();
    expect(page.total).toBe(9);
    expect(page.items.map((c) => c.id)).toEqual(expected);
    // Still the owner's listings: the badge shows on the ones past the lead too.
    expect(page.items.map((c) => c.ownerFeatured)).toEqual([true, true, true, true, true, false, true, true, false]);
    const paged: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const part = await list(`?limit=2&page=${n}`);
      expect(part.total).toBe(9);
      paged.push(...part.items.map((c) => c.id));
    }
    expect(paged).toEqual(expected);
  });

  it('keeps the cap within a filter', async () => {
    const text = await list('?q=many');
    expect(text.items.map((c) => c.id)).toEqual([spot.many1, spot.many2, spot.many3, spot.many4, spot.many5]);
    const sooner = await list(`?to=${day(6)}`);
    expect(sooner.total).toBe(7);
    expect(sooner.items.map((c) => c.id)).toEqual([spot.many1, spot.many2, spot.many3, spot.few1, spot.plain0, spot.many4, spot.many5]);
  });
});
