import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ArtistListItem, ArtistPage } from '../../../common/schemas/artists';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, day, makeAdmin, placeUser, referenceIds } from '../../test/listing-factories';
import { givePicture, givePictures } from '../../test/pictures';

describeEachEngine('artist listing', (engine) => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof referenceIds>>;
  let oldFeatured: TestUser;
  let plain: TestUser;
  let travelling: TestUser;
  let newest: TestUser;
  let bare: TestUser;
  const current: Record<string, { id: number; slug: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    ref = await referenceIds(t.app);
    const db = t.app.ctx.db;
    oldFeatured = await createArtist(t.app);
    plain = await createArtist(t.app);
    travelling = await createArtist(t.app);
    newest = await createArtist(t.app);
    await createStudio(t.app);
    await makeAdmin(t.app, await createArtist(t.app));
    // A profile without any picture stays out of the list until it has one.
    bare = await createArtist(t.app);
    await givePicture(t.app, oldFeatured, 'avatar');
    await givePictures(t.app, [plain, travelling]);
    await givePicture(t.app, newest, 'work');
    // Registration order decides "newest"; spread the timestamps so both engines sort alike.
    for (const [i, user] of [oldFeatured, plain, travelling, newest].entries()) {
      await db.updateTable('users').set({ created_at: `2026-01-0${i + 1}T10:00:00.000Z` }).where('id', '=', user.user.id).execute();
    }
    await db.updateTable('users').set({ featured_until: new Date(Date.now() + 86_400_000).toISOString() }).where('id', '=', oldFeatured.user.id).execute();
    await db.updateTable('users').set({ featured_until: '2025-01-01T00:00:00.000Z' }).where('id', '=', newest.user.id).execute();
    await placeUser(t.app, oldFeatured, { countryId: ref.country('DE'), cityId: ref.berlin.id, cityName: ref.berlin.name });
    await placeUser(t.app, travelling, { countryId: ref.country('DE'), cityId: ref.hamburg.id, cityName: ref.hamburg.name });
    await placeUser(t.app, newest, { countryId: ref.country('AT'), cityId: ref.vienna.id, cityName: ref.vienna.name });
    await db
      .insertInto('user_styles')
      .values([
        { user_id: oldFeatured.user.id, style_id: ref.style('realism') },
        { user_id: oldFeatured.user.id, style_id: ref.style('watercolor') },
        { user_id: travelling.user.id, style_id: ref.style('realism') },
        { user_id: newest.user.id, style_id: ref.style('fine-line') },
      ])
      .execute();
    // The soonest entry in today..+60 days is the current one; later, inactive and past ones are not.
    await createAvailability(t.app, travelling, { title: 'Later', startDate: day(20), endDate: day(30) });
    const soon = await createAvailability(t.app, travelling, { title: 'Now', startDate: day(-5), endDate: day(5) });
    current.travelling = { id: soon.id, slug: soon.slug };
    await createAvailability(t.app, plain, { startDate: day(61), endDate: day(70) });
    await createAvailability(t.app, plain, { startDate: day(1), endDate: day(3), isActive: false });
    await createAvailability(t.app, newest, { startDate: '2024-02-01', endDate: '2024-02-10' });
    // Would pass every filter below, but has no picture.
    await placeUser(t.app, bare, { countryId: ref.country('DE'), cityId: ref.hamburg.id, cityName: ref.hamburg.name });
    await db.insertInto('user_styles').values({ user_id: bare.user.id, style_id: ref.style('realism') }).execute();
    await createAvailability(t.app, bare, { startDate: day(1), endDate: day(9) });
    const edge = await createAvailability(t.app, newest, { title: 'Edge', startDate: day(60), endDate: day(80) });
    current.newest = { id: edge.id, slug: edge.slug };
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '', lang = 'en') => {
    const res = await call(t.app, 'GET', `/api/artists${query}`, { lang });
    expect(res.statusCode, query).toBe(200);
    return res.json() as ArtistPage;
  };
  const ids = (page: ArtistPage) => page.items.map((a) => a.id);

  it('lists artists with a picture only, featured first, then the newest, with card fields', async () => {
    const page = await list('', 'de');
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 12 });
    expect(ids(page)).toEqual([oldFeatured.user.id, newest.user.id, travelling.user.id, plain.user.id]);
    const first = page.items[0] as ArtistListItem;
    expect(Object.keys(first).sort()).toEqual(['avatar', 'cityName', 'countryCode', 'currentAvailability', 'featured', 'id', 'images', 'name', 'rating', 'styles', 'username', 'verified']);
    expect(first).toEqual({
      id: oldFeatured.user.id,
      name: oldFeatured.user.name,
      username: oldFeatured.user.username,
      avatar: `/uploads/avatars/${oldFeatured.user.id}/test.webp`,
      // An avatar alone: no works to show on the card.
      images: [],
      cityName: 'Berlin',
      countryCode: 'DE',
      styles: [
        { id: ref.style('watercolor'), name: 'Aquarell' },
        { id: ref.style('realism'), name: 'Realismus' },
      ],
      featured: true,
      verified: false,
      rating: { average: 0, count: 0 },
      currentAvailability: null,
    });
    const byId = new Map(page.items.map((a) => [a.id, a]));
    expect(byId.get(newest.user.id)).toMatchObject({ featured: false, countryCode: 'AT' });
    expect(byId.get(travelling.user.id)?.currentAvailability).toEqual({ ...current.travelling, title: 'Now', startDate: day(-5), endDate: day(5) });
    expect(byId.get(newest.user.id)?.currentAvailability).toMatchObject({ ...current.newest, title: 'Edge' });
    expect(byId.get(plain.user.id)?.currentAvailability).toBeNull();
  });

  it('filters by style, country, city and current availability, and pages', async () => {
    expect(ids(await list(`?style=${ref.style('realism')}`))).toEqual([oldFeatured.user.id, travelling.user.id]);
    expect(ids(await list('?country=de'))).toEqual([oldFeatured.user.id, travelling.user.id]);
    expect(ids(await list(`?country=${ref.country('AT')}`))).toEqual([newest.user.id]);
    expect(ids(await list(`?city=${ref.hamburg.id}`))).toEqual([travelling.user.id]);
    expect(ids(await list('?available=true'))).toEqual([newest.user.id, travelling.user.id]);
    expect(ids(await list(`?available=true&style=${ref.style('realism')}`))).toEqual([travelling.user.id]);
    expect(ids(await list('?available=false'))).toHaveLength(4);
    const second = await list('?limit=2&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(ids(second)).toEqual([travelling.user.id, plain.user.id]);
    for (const query of ['?limit=51', '?page=0', '?available=yes', '?style=x', '?country=Germany']) {
      const res = await call(t.app, 'GET', `/api/artists${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('filterInvalid');
    }
  });
});
