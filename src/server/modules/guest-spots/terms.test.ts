import { expect, it } from 'vitest';
import de from '../../../common/locales/de/errors.json';
import { canonicalQuery } from '../../../common/page-params';
import type { Availability, AvailabilityMatch } from '../../../common/schemas/availability';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import type { GuestSpot, GuestSpotMatch } from '../../../common/schemas/guest-spots';
import { describeEachEngine } from '../../test/app';
import { createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, placeUser } from '../../test/listing-factories';
import { givePicture } from '../../test/pictures';
import { pageLoader, publicListReader, useListingWorld } from '../listings/testing';

const COMMISSION: DealTerms = {
  deal: { type: 'commission', guestSharePercent: 70, weeklyCapCents: 150_000 },
  deposits: 'guest_collects',
  provides: ['station', 'needles', 'ink'],
  advertising: ['instagram_post'],
  housing: 'guest_room',
  minDays: 5,
  languages: ['german', 'english'],
};
const WEEKLY_RENT: DealTerms = { deal: { type: 'chair_rental', rentCents: 42_000, rentPer: 'week' }, housing: 'none' };

describeEachEngine('guest spot terms and availability wishes', (engine) => {
  const w = useListingWorld(engine, ({ t, ref, studio }) => placeUser(t.app, studio, { countryId: ref.country('DE'), cityId: ref.berlin.id, cityName: ref.berlin.name }));
  const page = pageLoader(() => w.t.app);
  const { list, ids } = publicListReader<GuestSpot>(() => w.t.app, '/api/guest-spots');

  /** The filter columns of a spot as stored beside its terms. */
  const stored = (id: number) =>
    w.t.app.ctx.db.selectFrom('guest_spots').select(['terms', 'deal_type', 'guest_share_percent', 'rent_day_cents', 'offers_housing']).where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a spot with terms, answers them everywhere, and writes the filter columns from them', async () => {
    const spot = await createGuestSpot(w.t.app, w.studio, { title: 'Spot with terms', terms: { ...COMMISSION, provides: ['station', 'station', 'ink'] } });
    // Duplicate choices are dropped.
    expect(spot.terms).toEqual({ ...COMMISSION, provides: ['station', 'ink'] });
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`)).json().terms).toEqual(spot.terms);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/by-slug/${spot.slug}`)).json().terms).toEqual(spot.terms);
    const owned = (await call(w.t.app, 'GET', `/api/guest-spots?studioId=${w.studio.user.id}`)).json() as GuestSpot[];
    expect(owned.find((s) => s.id === spot.id)?.terms).toEqual(spot.terms);
    expect(await stored(spot.id)).toMatchObject({ deal_type: 'commission', guest_share_percent: 70, rent_day_cents: null, offers_housing: 1 });

    const plain = await createGuestSpot(w.t.app, w.studio, { title: 'Spot without terms' });
    expect(plain.terms).toBeNull();
    expect(await stored(plain.id)).toEqual({ terms: null, deal_type: null, guest_share_percent: null, rent_day_cents: null, offers_housing: 0 });
  });

  it('replaces terms on PUT, keeps them when the update leaves them out, and removes them with null', async () => {
    const spot = await createGuestSpot(w.t.app, w.studio, { terms: COMMISSION });
    const put = (payload: unknown, as: TestUser | null = w.studio) => call(w.t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as, payload });

    const rent = await put({ terms: WEEKLY_RENT });
    expect(rent.statusCode).toBe(200);
    expect(rent.json().terms).toEqual(WEEKLY_RENT);
    // A weekly rent counts a seventh a day, rounded up: 420.00 € a week is 60.00 € a day.
    expect(await stored(spot.id)).toMatchObject({ deal_type: 'chair_rental', guest_share_percent: null, rent_day_cents: 6000, offers_housing: 0 });

    const retitled = await put({ title: 'New title' });
    expect(retitled.json()).toMatchObject({ title: 'New title', terms: WEEKLY_RENT });

    const removed = await put({ terms: null });
    expect(removed.json().terms).toBeNull();
    expect(await stored(spot.id)).toEqual({ terms: null, deal_type: null, guest_share_percent: null, rent_day_cents: null, offers_housing: 0 });

    // Only the owner (and admins) change terms.
    expect((await put({ terms: COMMISSION }, null)).statusCode).toBe(401);
    expect((await put({ terms: COMMISSION }, w.otherStudio)).statusCode).toBe(403);
    expect((await put({ terms: COMMISSION }, w.artist)).statusCode).toBe(403);
    expect((await put({ terms: COMMISSION }, w.admin)).json().terms).toEqual(COMMISSION);
  });

  it('refuses bad terms with the field and its message in the request language', async () => {
    const valid = { title: 'Spot', startDate: day(10), endDate: day(20) };
    const cases: [unknown, keyof typeof de, string][] = [
      [{ deal: { type: 'barter' } }, 'dealTypeInvalid', 'terms.deal.type'],
      [{ deal: { type: 'commission' } }, 'dealShareRange', 'terms.deal.guestSharePercent'],
      [{ deal: { type: 'commission', guestSharePercent: 20 } }, 'dealShareRange', 'terms.deal.guestSharePercent'],
      [{ deal: { type: 'commission', guestSharePercent: 96 } }, 'dealShareRange', 'terms.deal.guestSharePercent'],
      [{ deal: { type: 'chair_rental', rentCents: 8000 } }, 'dealRentInvalid', 'terms.deal.rentCents'],
      [{ deal: { type: 'chair_rental', rentCents: -1, rentPer: 'day' } }, 'dealRentInvalid', 'terms.deal.rentCents'],
      [{ deal: { type: 'chair_rental', rentCents: 8000, rentPer: 'month' } }, 'dealRentInvalid', 'terms.deal.rentPer'],
      [{ deal: { type: 'chair_rental', rentCents: 8000, rentPer: 'day', guestSharePercent: 60 } }, 'dealFieldsMismatch', 'terms.deal.type'],
      [{ deal: { type: 'commission', guestSharePercent: 60, rentCents: 100, rentPer: 'day' } }, 'dealFieldsMismatch', 'terms.deal.type'],
      [{ minDays: 0 }, 'dealMinDaysRange', 'terms.minDays'],
      [{ minDays: 61 }, 'dealMinDaysRange', 'terms.minDays'],
      [{ provides: ['massage'] }, 'validation', 'terms.provides.0'],
      [{ housing: 'castle' }, 'validation', 'terms.housing'],
      [{ deal: { type: 'other', note: 'x'.repeat(501) } }, 'tooLong', 'terms.deal.note'],
    ];
    for (const [terms, code, field] of cases) {
      const res = await call(w.t.app, 'POST', '/api/guest-spots', { as: w.studio, lang: 'de', payload: { ...valid, terms } });
      expect(res.statusCode, JSON.stringify(terms)).toBe(400);
      expect(res.json(), JSON.stringify(terms)).toMatchObject({ success: false, code, field });
      expect(res.json().error, code).toBe(de[code].replace('{{max}}', '500'));
    }
    // The same on an update, for the owner; the stored terms stay.
    const spot = await createGuestSpot(w.t.app, w.studio, { terms: COMMISSION });
    const bad = await call(w.t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: w.studio, lang: 'de', payload: { terms: { deal: { type: 'commission', guestSharePercent: 10 } } } });
    expect(bad.json()).toMatchObject({ code: 'dealShareRange', error: de.dealShareRange });
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${spot.id}`)).json().terms).toEqual(COMMISSION);
  });

  it('keeps the derived columns true to the terms under 50 parallel updates', async () => {
    const spot = await createGuestSpot(w.t.app, w.studio, { terms: COMMISSION });
    const variants: DealTerms[] = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? { deal: { type: 'commission', guestSharePercent: 30 + i }, housing: 'apartment' } : { deal: { type: 'chair_rental', rentCents: 1000 + i, rentPer: 'day' } },
    );
    const answers = await Promise.all(variants.map((terms) => call(w.t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: w.studio, payload: { terms } })));
    expect(answers.map((r) => r.statusCode)).toEqual(variants.map(() => 200));
    const row = await stored(spot.id);
    const terms = JSON.parse(row.terms ?? 'null') as DealTerms;
    expect(variants).toContainEqual(terms);
    // Whichever write came last, its columns came with it.
    if (terms.deal?.type === 'commission') expect(row).toMatchObject({ deal_type: 'commission', guest_share_percent: terms.deal.guestSharePercent, rent_day_cents: null, offers_housing: 1 });
    else expect(row).toMatchObject({ deal_type: 'chair_rental', guest_share_percent: null, rent_day_cents: terms.deal?.rentCents, offers_housing: 0 });
  });

  it('filters the public list by deal type, guest share, rent a day and housing, alone and combined', async () => {
    // A window of their own, so the other tests' spots stay out of these lists.
    const window = { startDate: day(300), endDate: day(310) };
    const only = `from=${day(300)}&to=${day(310)}&limit=50`;
    const make = (title: string, terms?: DealTerms) => createGuestSpot(w.t.app, w.studio, { title, ...window, ...(terms ? { terms } : {}) });
    const share70 = await make('Share 70 with room', COMMISSION);
    const share50 = await make('Share 50', { deal: { type: 'commission', guestSharePercent: 50 } });
    const rentDay = await make('Rent 80 a day with flat', { deal: { type: 'chair_rental', rentCents: 8000, rentPer: 'day' }, housing: 'apartment' });
    const rentWeek = await make('Rent 420 a week', WEEKLY_RENT);
    const other = await make('Other deal', { deal: { type: 'other', note: 'We talk' }, housing: 'help_finding' });
    const none = await make('No terms');
    const listed = async (query: string) => ids(await list(`?${only}&${query}`)).sort((a, b) => a - b);
    const sorted = (...spots: GuestSpot[]) => spots.map((s) => s.id).sort((a, b) => a - b);

    expect(await listed('')).toEqual(sorted(share70, share50, rentDay, rentWeek, other, none));
    expect(await listed('dealType=commission')).toEqual(sorted(share70, share50));
    expect(await listed('dealType=chair_rental')).toEqual(sorted(rentDay, rentWeek));
    expect(await listed('dealType=other')).toEqual(sorted(other));
    expect(await listed('minGuestShare=60')).toEqual(sorted(share70));
    expect(await listed('minGuestShare=50')).toEqual(sorted(share70, share50));
    expect(await listed('maxRentCents=6000')).toEqual(sorted(rentWeek));
    expect(await listed('maxRentCents=8000')).toEqual(sorted(rentDay, rentWeek));
    expect(await listed('housing=true')).toEqual(sorted(share70, rentDay, other));
    expect(await listed('housing=false')).toEqual(sorted(share70, share50, rentDay, rentWeek, other, none));
    expect(await listed('dealType=commission&housing=true')).toEqual(sorted(share70));
    expect(await listed('maxRentCents=10000&housing=true')).toEqual(sorted(rentDay));
    // A share and a rent name different deals: nothing fits both.
    expect(await listed('minGuestShare=30&maxRentCents=10000')).toEqual([]);
    // The counts follow the filters.
    expect((await list(`?${only}&dealType=chair_rental`)).total).toBe(2);
  });

  it('keeps each filter its own cached answer and its own page', async () => {
    const window = { startDate: day(400), endDate: day(402) };
    const only = `from=${day(400)}&to=${day(402)}`;
    const commission = await createGuestSpot(w.t.app, w.studio, { title: 'Cached commission', ...window, terms: { deal: { type: 'commission', guestSharePercent: 60 } } });
    const rent = await createGuestSpot(w.t.app, w.studio, { title: 'Cached rent', ...window, terms: { deal: { type: 'chair_rental', rentCents: 5000, rentPer: 'day' } } });
    // Each asked twice: the second answer comes from the cache and must still be its own.
    for (let round = 0; round < 2; round++) {
      expect(ids(await list(`?${only}&dealType=commission`))).toEqual([commission.id]);
      expect(ids(await list(`?${only}&dealType=chair_rental`))).toEqual([rent.id]);
      expect(ids(await list(`?${only}&housing=true`))).toEqual([]);
      expect(ids(await list(`?${only}&minGuestShare=60`))).toEqual([commission.id]);
      expect(ids(await list(`?${only}&maxRentCents=5000`))).toEqual([rent.id]);
    }
    // The page reads the deal's filters: each is part of its canonical query, junk is not.
    expect(canonicalQuery('guestSpots', new URLSearchParams('dealType=commission&utm_source=x&housing=true&minGuestShare=50&maxRentCents=900'))).toBe(
      '?dealType=commission&minGuestShare=50&maxRentCents=900&housing=true',
    );
    expect(canonicalQuery('guestSpotsPage', new URLSearchParams('dealType=other'))).toBe('?dealType=other');
    // The availability list reads none of them.
    expect(canonicalQuery('availabilityList', new URLSearchParams('dealType=commission'))).toBe('');
    // The server-rendered page loads the list its filters name, under the key the browser asks.
    const load = w.t.app.pages.loaders.get('guestSpots')!;
    const loaded = async (query: string) => {
      const search = new URLSearchParams(canonicalQuery('guestSpots', new URLSearchParams(query)));
      const data = (await load({ id: 'guestSpots', params: {}, lang: 'en', path: '/guestspots' }, { lang: 'en', search })) ?? [];
      const list = data.find((q) => (q.key as unknown[]).includes('list'));
      return { key: list?.key, ids: ids((list?.data ?? { items: [] }) as { items: GuestSpot[] }) };
    };
    const commissionPage = await loaded(`${only}&dealType=commission&utm_source=mail`);
    const rentPage = await loaded(`${only}&dealType=chair_rental`);
    expect(commissionPage.ids).toEqual([commission.id]);
    expect(rentPage.ids).toEqual([rent.id]);
    expect(JSON.stringify(commissionPage.key)).toContain('dealType=commission');
    expect(JSON.stringify(commissionPage.key)).not.toContain('utm_source');
    expect(commissionPage.key).not.toEqual(rentPage.key);
    expect(await page(`/guestspots?${only}&dealType=commission`).then((r) => r.statusCode)).toBe(200);
  });

  it('refuses bad deal filters with 400 filterInvalid', async () => {
    for (const query of ['dealType=barter', 'minGuestShare=29', 'minGuestShare=96', 'minGuestShare=abc', 'maxRentCents=-1', 'maxRentCents=1.5', 'maxRentCents=99999999999', 'housing=yes']) {
      const res = await call(w.t.app, 'GET', `/api/guest-spots?${query}`, { lang: 'de' });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'filterInvalid', error: de.filterInvalid });
    }
    // Empty values mean no filter.
    expect((await call(w.t.app, 'GET', '/api/guest-spots?dealType=&minGuestShare=&maxRentCents=&housing=')).statusCode).toBe(200);
  });

  it('keeps an artist’s wishes on an availability: create, update, remove, bad values, owner only', async () => {
    const wishes = { dealTypes: ['commission', 'chair_rental', 'commission'], minSharePercent: 60, maxRentCents: 7000, needsHousing: true };
    const entry = await createAvailability(w.t.app, w.artist, { wishes: wishes as never });
    expect(entry.wishes).toEqual({ ...wishes, dealTypes: ['commission', 'chair_rental'] });
    expect((await call(w.t.app, 'GET', `/api/artist-availability/${entry.id}`)).json().wishes).toEqual(entry.wishes);
    expect((await createAvailability(w.t.app, w.artist)).wishes).toBeNull();

    const put = (payload: unknown, as: TestUser | null = w.artist) => call(w.t.app, 'PUT', `/api/artist-availability/${entry.id}`, { as, payload, lang: 'de' });
    expect((await put({ wishes: { needsHousing: false } })).json().wishes).toEqual({ needsHousing: false });
    expect((await put({ title: 'Other title' })).json().wishes).toEqual({ needsHousing: false });
    expect((await put({ wishes: null })).json().wishes).toBeNull();

    for (const [bad, code, field] of [
      [{ minSharePercent: 10 }, 'dealShareRange', 'wishes.minSharePercent'],
      [{ maxRentCents: -5 }, 'dealRentInvalid', 'wishes.maxRentCents'],
      [{ dealTypes: ['barter'] }, 'validation', 'wishes.dealTypes.0'],
      [{ needsHousing: 'maybe' }, 'validation', 'wishes.needsHousing'],
    ] as const) {
      const res = await put({ wishes: bad });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ code, field, error: de[code] });
    }
    expect((await put({ wishes: { needsHousing: true } }, null)).statusCode).toBe(401);
    expect((await put({ wishes: { needsHousing: true } }, w.otherArtist)).statusCode).toBe(403);
    expect((await put({ wishes: { needsHousing: true } }, w.studio)).statusCode).toBe(403);
  });

  it('ranks spots whose terms fit the wishes first and names the reasons, in both directions', async () => {
    const window = { startDate: day(500), endDate: day(520) };
    const [roomStudio, rentStudio, lowStudio] = await Promise.all([createStudio(w.t.app), createStudio(w.t.app), createStudio(w.t.app)]);
    for (const s of [roomStudio, rentStudio, lowStudio] as TestUser[]) await givePicture(w.t.app, s);
    await givePicture(w.t.app, w.otherArtist);
    const styles = [w.ref.style('fine-line'), w.ref.style('blackwork')];
    const entry = await createAvailability(w.t.app, w.otherArtist, {
      ...window,
      styleIds: styles,
      wishes: { dealTypes: ['commission'], minSharePercent: 60, needsHousing: true },
    });
    // The rent spot shares both styles and would lead by score alone.
    const rent = await createGuestSpot(w.t.app, rentStudio as TestUser, { ...window, styleIds: styles, terms: { deal: { type: 'chair_rental', rentCents: 9000, rentPer: 'day' } } });
    const low = await createGuestSpot(w.t.app, lowStudio as TestUser, { ...window, terms: { deal: { type: 'commission', guestSharePercent: 50 } } });
    const room = await createGuestSpot(w.t.app, roomStudio as TestUser, { ...window, terms: COMMISSION });

    const res = await call(w.t.app, 'GET', `/api/artist-availability/${entry.id}/matches`, { as: w.otherArtist });
    expect(res.statusCode).toBe(200);
    const spots = (res.json() as AvailabilityMatch[]).filter((m) => [rent.id, low.id, room.id].includes(m.guestSpot.id));
    expect(spots.map((m) => m.guestSpot.id)).toEqual([room.id, low.id, rent.id]);
    expect(spots.map((m) => m.fit)).toEqual([['dealType', 'share', 'housing'], ['dealType'], []]);
    expect(spots[0]?.guestSpot.terms).toEqual(COMMISSION);
    expect(spots[2]!.score).toBeGreaterThan(spots[0]!.score);

    // The studio's side names the same reasons for the artist's entry.
    const fromSpot = await call(w.t.app, 'GET', `/api/guest-spots/${room.id}/matches`, { as: roomStudio });
    const mine = (fromSpot.json() as GuestSpotMatch[]).find((m) => m.availability.id === entry.id);
    expect(mine?.fit).toEqual(['dealType', 'share', 'housing']);
    expect(mine?.availability.wishes).toEqual((await call(w.t.app, 'GET', `/api/artist-availability/${entry.id}`)).json().wishes as Availability['wishes']);
    const fromRent = await call(w.t.app, 'GET', `/api/guest-spots/${rent.id}/matches`, { as: rentStudio });
    expect((fromRent.json() as GuestSpotMatch[]).find((m) => m.availability.id === entry.id)?.fit).toEqual([]);
  });
});
