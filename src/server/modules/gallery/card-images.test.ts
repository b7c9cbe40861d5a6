import type { KyselyPlugin } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { CARD_IMAGES_MAX } from '../../../common/schemas/card-images';
import type { Db } from '../../db/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { createGuestSpot } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { variantUrls } from '../../test/pictures';
import { createCardImages } from './card-images';

/** Counts the statements a database handle runs, so a test sees whether reading more cards costs more queries. */
function counting(db: Db): { db: Db; count: () => number; reset: () => void } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => n, reset: () => (n = 0) };
}

describeEachEngine('card images', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { prolific: 'artist', single: 'artist', empty: 'artist', headed: 'studio', workingStudio: 'studio', bareStudio: 'studio' });
  const ids: Record<string, number> = {};

  /** A portfolio image with its three variants; `minute` orders the uploads in time. */
  async function work(user: TestUser, minute: number, size = { width: 1600, height: 1200 }): Promise<number> {
    const base = `/uploads/gallery/${user.user.id}/w${minute}`;
    const at = `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const row = await t.app.ctx.db
      .insertInto('gallery_images')
      .values({
        user_id: user.user.id,
        image_url: `${base}-large.webp`,
        medium_url: `${base}-medium.webp`,
        thumbnail_url: `${base}-thumbnail.webp`,
        ...size,
        caption: null,
        // The owner's order is not the age order: the cards show the newest whatever the order.
        position: 60 - minute,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function photo(spotId: number, owner: TestUser, position: number): Promise<number> {
    const base = `/uploads/guest-spots/${spotId}/p${position}`;
    const row = await t.app.ctx.db
      .insertInto('guest_spot_photos')
      .values({
        guest_spot_id: spotId,
        user_id: owner.user.id,
        image_url: `${base}-large.webp`,
        medium_url: `${base}-medium.webp`,
        thumbnail_url: `${base}-thumbnail.webp`,
        width: 1600,
        height: 1067,
        position,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    const db = t.app.ctx.db;
    for (const minute of [1, 5, 3, 7, 2]) ids[`p${minute}`] = await work(people.prolific, minute);
    ids.single = await work(people.single, 4, { width: 900, height: 1600 });
    ids.studioWork = await work(people.workingStudio, 9);
    ids.headedWork = await work(people.headed, 8);
    await db.updateTable('users').set({ header_image: `/uploads/headers/${people.headed.user.id}/abc-large.webp` }).where('id', '=', people.headed.user.id).execute();
    const [withPhotos, plain, bare] = [
      await createGuestSpot(t.app, people.headed, { title: 'With photos' }),
      await createGuestSpot(t.app, people.workingStudio, { title: 'Without photos' }),
      await createGuestSpot(t.app, people.bareStudio, { title: 'Nothing to show' }),
    ];
    ids.withPhotos = withPhotos.id;
    ids.plain = plain.id;
    ids.bare = bare.id;
    // Stored out of order: the position decides which leads.
    ids.photo2 = await photo(withPhotos.id, people.headed, 2);
    ids.photo0 = await photo(withPhotos.id, people.headed, 0);
    ids.photo1 = await photo(withPhotos.id, people.headed, 1);
    ids.photo3 = await photo(withPhotos.id, people.headed, 3);
  });

  it("answers each user's newest works first, with every variant and the large size, in one query", async () => {
    const { db, count } = counting(t.app.ctx.db);
    const works = await createCardImages(db).latestWorks([people.prolific.user.id, people.single.user.id, people.empty.user.id, people.prolific.user.id]);
    expect(count()).toBe(1);
    expect(works.get(people.prolific.user.id)?.map((i) => i.id)).toEqual([ids.p7, ids.p5, ids.p3]);
    expect(works.get(people.single.user.id)).toEqual([{ id: ids.single, ...variantUrls(`/uploads/gallery/${people.single.user.id}/w4`), width: 900, height: 1600 }]);
    expect(works.has(people.empty.user.id)).toBe(false);
  });

  it('takes another limit, and no query for no users', async () => {
    const { db, count } = counting(t.app.ctx.db);
    const pictures = createCardImages(db);
    expect((await pictures.latestWorks([people.prolific.user.id], 5)).get(people.prolific.user.id)?.map((i) => i.id)).toEqual([ids.p7, ids.p5, ids.p3, ids.p2, ids.p1]);
    expect((await pictures.latestWorks([people.prolific.user.id], 1)).get(people.prolific.user.id)).toHaveLength(1);
    expect(count()).toBe(2);
    expect((await pictures.latestWorks([])).size).toBe(0);
    expect((await pictures.spotCovers([])).size).toBe(0);
    expect((await pictures.studioCovers([])).size).toBe(0);
    expect(count()).toBe(2);
  });

  it("answers a studio's header (all variants, 3:1) before its works, else its newest works", async () => {
    const covers = await createCardImages(t.app.ctx.db).studioCovers([people.headed.user.id, people.workingStudio.user.id, people.bareStudio.user.id]);
    expect(covers.get(people.headed.user.id)).toEqual([{ id: 0, ...variantUrls(`/uploads/headers/${people.headed.user.id}/abc`), width: 1800, height: 600 }]);
    expect(covers.get(people.workingStudio.user.id)?.map((i) => i.id)).toEqual([ids.studioWork]);
    expect(covers.has(people.bareStudio.user.id)).toBe(false);
  });

  it("answers a spot's photos by position (at most the card's number), else its studio's cover, keyed by spot", async () => {
    const { db, count } = counting(t.app.ctx.db);
    const covers = await createCardImages(db).spotCovers([
      { id: ids.withPhotos as number, userId: people.headed.user.id },
      { id: ids.plain as number, userId: people.workingStudio.user.id },
      { id: ids.bare as number, userId: people.bareStudio.user.id },
    ]);
    // Photos, then the headers of the rest, then the works of those without a header.
    expect(count()).toBe(3);
    expect(covers.get(ids.withPhotos as number)?.map((i) => i.id)).toEqual([ids.photo0, ids.photo1, ids.photo2].slice(0, CARD_IMAGES_MAX));
    expect(covers.get(ids.withPhotos as number)?.[0]).toMatchObject({ largeUrl: `/uploads/guest-spots/${ids.withPhotos}/p0-large.webp`, width: 1600, height: 1067 });
    expect(covers.get(ids.plain as number)?.map((i) => i.id)).toEqual([ids.studioWork]);
    expect(covers.has(ids.bare as number)).toBe(false);
  });

  it('reads a page of many cards in as many queries as a page of one', async () => {
    const { db, count, reset } = counting(t.app.ctx.db);
    const pictures = createCardImages(db);
    await pictures.latestWorks([people.single.user.id]);
    const one = count();
    reset();
    await pictures.latestWorks([people.prolific.user.id, people.single.user.id, people.empty.user.id, people.headed.user.id, people.workingStudio.user.id, people.bareStudio.user.id]);
    expect(count()).toBe(one);
    reset();
    await pictures.spotCovers([{ id: ids.plain as number, userId: people.workingStudio.user.id }]);
    const oneSpot = count();
    reset();
    await pictures.spotCovers([
      { id: ids.plain as number, userId: people.workingStudio.user.id },
      { id: ids.bare as number, userId: people.bareStudio.user.id },
      { id: ids.withPhotos as number, userId: people.headed.user.id },
    ]);
    expect(count()).toBeLessThanOrEqual(oneSpot);
  });
});
