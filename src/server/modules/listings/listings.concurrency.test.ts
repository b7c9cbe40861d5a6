import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day } from '../../test/listing-factories';

const PARALLEL = 50;
/** Owners sharing the racing creates: slugs are unique across owners, and each stays within the hourly create limit. */
const OWNERS = 5;

const KINDS = [
  { name: 'guest spots', path: '/api/guest-spots', table: 'guest_spots', owner: 'studio' },
  { name: 'availabilities', path: '/api/artist-availability', table: 'availabilities', owner: 'artist' },
] as const;

describeEachEngine('listings under concurrency', (engine) => {
  const studios: TestUser[] = [];
  const artists: TestUser[] = [];

  const t = useTestApp(engine, async () => {
    for (let i = 0; i < OWNERS; i++) studios.push(await createStudio(t.app));
    for (let i = 0; i < OWNERS; i++) artists.push(await createArtist(t.app));
  });

  for (const kind of KINDS) {
    const owners = () => (kind.owner === 'studio' ? studios : artists);
    /** The owner of the i-th racing create; the last one edits below. */
    const owner = (i = OWNERS - 1) => owners()[i % OWNERS] as TestUser;
    const create = (title: string) =>
      kind.owner === 'studio' ? createGuestSpot(t.app, owner(), { title }) : createAvailability(t.app, owner(), { title });

    it(`creates ${PARALLEL} ${kind.name} with one title at once, each under its own slug`, async () => {
      const title = `Same title for everyone ${kind.owner}`;
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          call(t.app, 'POST', kind.path, { as: owner(i % (OWNERS - 1)), payload: { title, startDate: day(10), endDate: day(20) } }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
      const rows = await t.app.ctx.db.selectFrom(kind.table).select(['id', 'slug']).where('title', '=', title).execute();
      expect(rows).toHaveLength(PARALLEL);
      const slugs = new Set(rows.map((r) => r.slug));
      expect(slugs.size).toBe(PARALLEL);
      const base = `same-title-for-everyone-${kind.owner}`;
      for (const slug of slugs) expect(slug).toMatch(new RegExp(`^${base}(-\\d+)?$`));
      expect(new Set(answers.map((r) => r.json().slug))).toEqual(slugs);
    });

    it(`keeps both of ${PARALLEL} concurrent title-only and date-only edits of ${kind.name}, and finds them by the new title`, async () => {
      const pairs = PARALLEL / 2;
      const listings = [];
      for (let i = 0; i < pairs; i++) listings.push(await create(`Before the edit ${i}`));
      const newTitle = (i: number) => `Renamed marker q${String(i).padStart(3, '0')}x`;
      const answers = await Promise.all(
        listings.flatMap((listing, i) => [
          call(t.app, 'PUT', `${kind.path}/${listing.id}`, { as: owner(), payload: { title: newTitle(i) } }),
          call(t.app, 'PUT', `${kind.path}/${listing.id}`, { as: owner(), payload: { startDate: day(30), endDate: day(40) } }),
        ]),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));

      const rows = await t.app.ctx.db
        .selectFrom(kind.table)
        .select(['id', 'title', 'start_date', 'end_date', 'search_text'])
        .where('id', 'in', listings.map((l) => l.id))
        .orderBy('id')
        .execute();
      rows.forEach((row, i) => {
        expect(row).toMatchObject({ title: newTitle(i), start_date: day(30), end_date: day(40) });
        expect(row.search_text).toContain(newTitle(i).toLowerCase());
      });
      for (const [i, listing] of listings.entries()) {
        const found = await call(t.app, 'GET', `${kind.path}?q=${encodeURIComponent(`q${String(i).padStart(3, '0')}x`)}`);
        expect(found.statusCode).toBe(200);
        expect(found.json().items.map((item: { id: number }) => item.id)).toEqual([listing.id]);
        expect(found.json().items[0]).toMatchObject({ title: newTitle(i), startDate: day(30), endDate: day(40) });
      }
    });
  }
});
