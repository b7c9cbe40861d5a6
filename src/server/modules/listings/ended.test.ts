import { expect, it } from 'vitest';
import type { Availability } from '../../../common/schemas/availability';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { describeEachEngine } from '../../test/app';
import { call, createAvailability, createGuestSpot, day } from '../../test/listing-factories';
import { pageLoader, publicListReader, useListingWorld } from './testing';

// A listing ends once its end day is over in Berlin: it leaves every list and match, its page
// says so (and is nothing to index), and it takes no application.
describeEachEngine('ended listings', (engine) => {
  let endedSpot: GuestSpot;
  let openSpot: GuestSpot;
  let endedTrip: Availability;
  let openTrip: Availability;
  const page = pageLoader(() => w.t.app);
  const spots = publicListReader<GuestSpot>(() => w.t.app, '/api/guest-spots');
  const trips = publicListReader<Availability>(() => w.t.app, '/api/artist-availability');

  const w = useListingWorld(engine, async ({ t, studio, artist }) => {
    // Matching shows only profiles with a picture.
    await t.app.ctx.db.updateTable('users').set({ avatar: '/uploads/avatars/1/a.webp' }).where('id', 'in', [studio.user.id, artist.user.id]).execute();
    endedSpot = await createGuestSpot(t.app, studio, { title: 'Winter residency', startDate: day(-20), endDate: day(-1) });
    openSpot = await createGuestSpot(t.app, studio, { title: 'Spring residency', startDate: day(-5), endDate: day(20) });
    endedTrip = await createAvailability(t.app, artist, { title: 'Last tour', startDate: day(-20), endDate: day(-1) });
    openTrip = await createAvailability(t.app, artist, { title: 'Next tour', startDate: day(-5), endDate: day(20) });
  });

  it('answers the detail with ended set, the day before today ended and today not', async () => {
    const ended = await call(w.t.app, 'GET', `/api/guest-spots/by-slug/${endedSpot.slug}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBe(true);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${openSpot.id}`)).json().ended).toBe(false);
    expect((await call(w.t.app, 'GET', `/api/artist-availability/${endedTrip.id}`)).json().ended).toBe(true);
    const today = await createGuestSpot(w.t.app, w.otherStudio, { title: 'Last day', startDate: day(-3), endDate: day(0) });
    expect(today.ended).toBe(false);
  });

  it('leaves ended ones out of the public lists and the owner lists others see', async () => {
    const spotIds = spots.ids(await spots.list());
    expect(spotIds).toContain(openSpot.id);
    expect(spotIds).not.toContain(endedSpot.id);
    const tripIds = trips.ids(await trips.list());
    expect(tripIds).toContain(openTrip.id);
    expect(tripIds).not.toContain(endedTrip.id);
    // Searching for it by its title or its dates does not bring it back either.
    expect(spots.ids(await spots.list('?q=winter'))).toEqual([]);
    expect(spots.ids(await spots.list(`?from=${day(-20)}&to=${day(-2)}`))).not.toContain(endedSpot.id);

    const studioId = w.studio.user.id;
    const visitor = await call(w.t.app, 'GET', `/api/guest-spots?studioId=${studioId}`);
    expect((visitor.json() as GuestSpot[]).map((s) => s.id)).toEqual([openSpot.id]);
    expect((await call(w.t.app, 'GET', `/api/guest-spots?studioId=${studioId}&count=true`)).json()).toEqual({ count: 1 });
    // The owner keeps seeing it, marked ended, to extend or delete it.
    const own = (await call(w.t.app, 'GET', `/api/guest-spots?studioId=${studioId}`, { as: w.studio })).json() as GuestSpot[];
    expect(own.find((s) => s.id === endedSpot.id)?.ended).toBe(true);
  });

  it('leaves ended ones out of the matches both ways, and an ended one matches nothing', async () => {
    const forSpot = (await call(w.t.app, 'GET', `/api/guest-spots/${openSpot.id}/matches`, { as: w.studio })).json() as { availability: { id: number } }[];
    expect(forSpot.map((m) => m.availability.id)).toEqual([openTrip.id]);
    const forTrip = (await call(w.t.app, 'GET', `/api/artist-availability/${openTrip.id}/matches`, { as: w.artist })).json() as { guestSpot: { id: number } }[];
    expect(forTrip.map((m) => m.guestSpot.id)).toEqual([openSpot.id]);
    expect((await call(w.t.app, 'GET', `/api/guest-spots/${endedSpot.id}/matches`, { as: w.studio })).json()).toEqual([]);
    expect((await call(w.t.app, 'GET', `/api/artist-availability/${endedTrip.id}/matches`, { as: w.artist })).json()).toEqual([]);
  });

  it('takes no application for an ended spot', async () => {
    const res = await call(w.t.app, 'POST', `/api/guest-spots/${endedSpot.id}/apply`, { as: w.artist, payload: { content: 'Hello, is the place still free?' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('guestSpotClosed');
  });

  it('marks the ended pages noindex and keeps the open ones indexable', async () => {
    for (const url of [`/guestspot/${endedSpot.slug}`, `/de/guestspot/${endedSpot.slug}`, `/tattooartist/${endedTrip.slug}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    for (const url of [`/guestspot/${openSpot.slug}`, `/tattooartist/${openTrip.slug}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('noindex');
    }
  });
});
