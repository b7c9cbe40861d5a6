import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { ArtistPage } from '../../../common/schemas/artists';
import type { AvailabilityPage } from '../../../common/schemas/availability';
import type { CardImage } from '../../../common/schemas/card-images';
import type { FeaturedArtist, FeaturedStudio } from '../../../common/schemas/featured';
import type { GuestSpotPage } from '../../../common/schemas/guest-spots';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { usePeople } from '../../test/people';
import { givePicture, variantUrls } from '../../test/pictures';

const png = (background: string, width = 640, height = 800) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** The pictures on the cards of the public lists: what each list answers, kept fresh by every picture change. */
describeEachEngine('card pictures in the lists', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { painter: 'artist', avatarOnly: 'artist', headed: 'studio', working: 'studio' });
  let spotWithPhoto: number;
  let spotOfHeaded: number;
  let spotOfWorking: number;
  const works: Record<string, number> = {};

  async function work(user: TestUser, minute: number): Promise<number> {
    const base = `/uploads/gallery/${user.user.id}/m${minute}`;
    const at = `2026-02-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({
        user_id: user.user.id, image_url: `${base}-large.webp`, medium_url: `${base}-medium.webp`, thumbnail_url: `${base}-thumbnail.webp`,
        width: 1200, height: 1500, caption: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const upload = async (user: TestUser, url: string, fields: Record<string, string>, data: Buffer) => {
    const body = await multipartBody(fields, { data, type: 'image/png', filename: 'picture.png' });
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  };

  beforeAll(async () => {
    const db = t.app.ctx.db;
    for (const minute of [1, 4, 2, 3]) works[`p${minute}`] = await work(people.painter, minute);
    works.studio = await work(people.working, 5);
    await givePicture(t.app, people.avatarOnly, 'avatar');
    await givePicture(t.app, people.headed, 'avatar');
    await db.updateTable('users').set({ header_image: `/uploads/headers/${people.headed.user.id}/h-large.webp` }).where('id', '=', people.headed.user.id).execute();
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await db.updateTable('users').set({ featured_until: future }).where('id', 'in', [people.painter.user.id, people.avatarOnly.user.id, people.headed.user.id, people.working.user.id]).execute();
    spotWithPhoto = (await createGuestSpot(t.app, people.working, { title: 'Photographed' })).id;
    spotOfWorking = (await createGuestSpot(t.app, people.working, { title: 'Plain' })).id;
    spotOfHeaded = (await createGuestSpot(t.app, people.headed, { title: 'Headed' })).id;
    await db
      .insertInto('guest_spot_photos')
      .values({
        guest_spot_id: spotWithPhoto, user_id: people.working.user.id, image_url: '/uploads/guest-spots/x/p-large.webp', medium_url: '/uploads/guest-spots/x/p-medium.webp',
        thumbnail_url: '/uploads/guest-spots/x/p-thumbnail.webp', width: 1600, height: 1067, position: 0, created_at: new Date().toISOString(),
      })
      .execute();
    await createAvailability(t.app, people.painter, { title: 'Painter travels' });
    await createAvailability(t.app, people.avatarOnly, { title: 'Avatar travels' });
  });

  const get = async <T>(url: string, as: TestUser | null = null): Promise<T> => {
    const res = await call(t.app, 'GET', url, { as });
    expect(res.statusCode, url).toBe(200);
    return res.json() as T;
  };
  const artistImages = async (userId: number) => (await get<ArtistPage>('/api/artists?limit=50')).items.find((a) => a.id === userId)?.images;
  const ids = (images: CardImage[] | undefined) => images?.map((i) => i.id);
  const headerOf = (user: TestUser): CardImage => ({ id: 0, ...variantUrls(`/uploads/headers/${user.user.id}/h`), width: 1800, height: 600 });

  it("gives each artist card the artist's three newest works with every variant, and none to an avatar alone", async () => {
    const page = await get<ArtistPage>('/api/artists?limit=50');
    const card = page.items.find((a) => a.id === people.painter.user.id);
    expect(ids(card?.images)).toEqual([works.p4, works.p3, works.p2]);
    expect(card?.images[0]).toEqual({ id: works.p4, ...variantUrls(`/uploads/gallery/${people.painter.user.id}/m4`), width: 1200, height: 1500 });
    expect(page.items.find((a) => a.id === people.avatarOnly.user.id)?.images).toEqual([]);
  });

  it("gives featured artists their works and featured studios their header, else their works", async () => {
    const artists = (await get<{ artists: FeaturedArtist[] }>('/api/featured/artists?limit=10')).artists;
    expect(ids(artists.find((a) => a.id === people.painter.user.id)?.images)).toEqual([works.p4, works.p3, works.p2]);
    expect(artists.find((a) => a.id === people.avatarOnly.user.id)?.images).toEqual([]);
    const studios = (await get<{ studios: FeaturedStudio[] }>('/api/featured/studios?limit=10')).studios;
    expect(studios.find((s) => s.id === people.headed.user.id)?.images).toEqual([headerOf(people.headed)]);
    expect(ids(studios.find((s) => s.id === people.working.user.id)?.images)).toEqual([works.studio]);
  });

  it("leads a guest spot card with its photos, else its studio's header, else the studio's works", async () => {
    const page = await get<GuestSpotPage>('/api/guest-spots?limit=50');
    const byId = new Map(page.items.map((s) => [s.id, s.images]));
    expect(byId.get(spotWithPhoto)).toEqual([
      { id: expect.any(Number), thumbnailUrl: '/uploads/guest-spots/x/p-thumbnail.webp', mediumUrl: '/uploads/guest-spots/x/p-medium.webp', largeUrl: '/uploads/guest-spots/x/p-large.webp', width: 1600, height: 1067 },
    ]);
    expect(byId.get(spotOfHeaded)).toEqual([headerOf(people.headed)]);
    expect(ids(byId.get(spotOfWorking))).toEqual([works.studio]);
  });

  it("leads an availability card with the artist's newest works", async () => {
    const page = await get<AvailabilityPage>('/api/artist-availability?limit=50');
    expect(ids(page.items.find((a) => a.title === 'Painter travels')?.images)).toEqual([works.p4, works.p3, works.p2]);
    expect(page.items.find((a) => a.title === 'Avatar travels')?.images).toEqual([]);
  });

  it("answers the same pictures to everyone, and the owner's rights to the owner only", async () => {
    const owner = await get<GuestSpotPage>('/api/guest-spots?limit=50', people.working);
    const visitor = await get<GuestSpotPage>('/api/guest-spots?limit=50');
    const other = await get<GuestSpotPage>('/api/guest-spots?limit=50', people.headed);
    const mine = (page: GuestSpotPage) => page.items.find((s) => s.id === spotWithPhoto);
    expect(mine(owner)?.can.edit).toBe(true);
    expect(mine(visitor)?.can.edit).toBe(false);
    expect(mine(other)?.can.edit).toBe(false);
    expect(mine(visitor)?.images).toEqual(mine(owner)?.images);
    expect(mine(other)?.images).toEqual(mine(owner)?.images);
  });

  it('shows a new upload on the cached cards at once, and drops a deleted one', async () => {
    // Fill the caches first, so a stale answer would show.
    expect(ids(await artistImages(people.painter.user.id))).toEqual([works.p4, works.p3, works.p2]);
    await get('/api/featured/artists?limit=10');
    await get('/api/artist-availability?limit=50');
    const res = await upload(people.painter, '/api/gallery', {}, await png('#aa3311'));
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json().image as { id: number };
    expect(ids(await artistImages(people.painter.user.id))).toEqual([uploaded.id, works.p4, works.p3]);
    const featured = (await get<{ artists: FeaturedArtist[] }>('/api/featured/artists?limit=10')).artists;
    expect(featured.find((a) => a.id === people.painter.user.id)?.images[0]).toMatchObject({ id: uploaded.id, width: 640, height: 800 });
    const availability = await get<AvailabilityPage>('/api/artist-availability?limit=50');
    expect(availability.items.find((a) => a.title === 'Painter travels')?.images[0]?.id).toBe(uploaded.id);

    const removed = await call(t.app, 'DELETE', `/api/gallery/${uploaded.id}`, { as: people.painter });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(ids(await artistImages(people.painter.user.id))).toEqual([works.p4, works.p3, works.p2]);
  });

  it("shows a studio's new header on its cached cards at once, and its works once the header is gone", async () => {
    await get('/api/guest-spots?limit=50');
    await get('/api/featured/studios?limit=10');
    const res = await upload(people.working, `/api/users/${people.working.user.id}/upload-image`, { type: 'header', userId: String(people.working.user.id) }, await png('#113355', 1800, 600));
    expect(res.statusCode, res.body).toBe(200);
    const spots = await get<GuestSpotPage>('/api/guest-spots?limit=50');
    const cover = spots.items.find((s) => s.id === spotOfWorking)?.images[0];
    expect(cover).toMatchObject({ id: 0, width: 1800, height: 600 });
    expect(cover?.largeUrl).toMatch(/-large\.webp$/);
    expect(cover?.thumbnailUrl).toBe(cover?.largeUrl.replace(/-large\.webp$/, '-thumbnail.webp'));
    // The spot's own photo still leads its card.
    expect(spots.items.find((s) => s.id === spotWithPhoto)?.images[0]?.largeUrl).toBe('/uploads/guest-spots/x/p-large.webp');
    const studios = (await get<{ studios: FeaturedStudio[] }>('/api/featured/studios?limit=10')).studios;
    expect(studios.find((s) => s.id === people.working.user.id)?.images[0]?.id).toBe(0);

    const removed = await call(t.app, 'DELETE', `/api/users/${people.working.user.id}/delete-image/header`, { as: people.working });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = await get<GuestSpotPage>('/api/guest-spots?limit=50');
    expect(ids(after.items.find((s) => s.id === spotOfWorking)?.images)).toEqual([works.studio]);
  });
});
