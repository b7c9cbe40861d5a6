import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import type { CalendarFeed, Tour } from '../../../common/schemas/tour';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, referenceIds } from '../../test/listing-factories';

/** The events of a feed as ical.js reads them. */
function events(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate,
      location: event.location,
      status: vevent.getFirstPropertyValue('status'),
    };
  });
}

const path = (user: TestUser) => user.user.username.replace(/ /g, '-');

describeEachEngine('tour and calendar feeds', (engine) => {
  let artist: TestUser;
  let studio: TestUser;
  let other: TestUser;
  let availabilityId: number;
  let stayId: number;
  let spotCityId: number | null;
  let hamburgId: number;

  const t = useTestApp(engine, async ({ app }) => {
    artist = await createArtist(app);
    studio = await createStudio(app);
    other = await createArtist(app);
    const ref = await referenceIds(app);
    const availability = await createAvailability(app, artist, { title: 'Open for Berlin, Leipzig', startDate: day(30), endDate: day(40), countryId: ref.country('DE'), cityId: ref.hamburg.id });
    hamburgId = ref.hamburg.id;
    availabilityId = availability.id;
    const spot = await createGuestSpot(app, studio, { title: 'Summer chair', startDate: day(5), endDate: day(60), countryId: ref.country('DE'), cityId: ref.berlin.id });
    spotCityId = spot.cityId;
    const now = new Date().toISOString();
    const db = app.ctx.db;
    const stay = (startDate: string, endDate: string, status: string) =>
      db
        .insertInto('stays')
        .values({ artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: spot.id, request_id: null, start_date: startDate, end_date: endDate, city_name: 'Berlin', terms: '{"deal":{"type":"commission","guestSharePercent":70}}', status, created_at: now, cancelled_at: null, cancel_reason: null, cancelled_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
    stayId = (await stay(day(10), day(17), 'confirmed')).id;
    await stay(day(20), day(22), 'cancelled');
    await stay(day(-30), day(-20), 'confirmed');
    await db
      .insertInto('deal_requests')
      .values({ kind: 'application', status: 'pending', guest_spot_id: spot.id, availability_id: null, artist_id: artist.user.id, studio_id: studio.user.id, start_date: day(45), end_date: day(50), terms: null, message: null, reason: null, created_at: now, decided_at: null, stay_id: null })
      .execute();
  });

  it('answers the tour: confirmed stays from today and open availabilities, by date, for visitors', async () => {
    const res = await call(t.app, 'GET', `/api/tours/${path(artist)}`, { lang: 'de' });
    expect(res.statusCode).toBe(200);
    const tour: Tour = res.json();
    expect(tour.artist).toMatchObject({ id: artist.user.id, name: artist.user.name });
    expect(tour.stops.map((s) => [s.kind, s.startDate, s.endDate])).toEqual([
      ['stay', day(10), day(17)],
      ['availability', day(30), day(40)],
    ]);
    expect(tour.stops[0]).toMatchObject({ id: stayId, place: 'Berlin', host: { id: studio.user.id, name: studio.user.name } });
    expect(tour.stops[1]).toMatchObject({ id: availabilityId, availability: { title: 'Open for Berlin, Leipzig' } });
    // The globe's point: the stay's spot's listed city with its coordinates, read in the same query.
    const at = async (id: number) => {
      const city = await t.app.ctx.db.selectFrom('cities').select(['latitude', 'longitude']).where('id', '=', id).executeTakeFirstOrThrow();
      return { cityId: id, lat: Number(city.latitude), lng: Number(city.longitude) };
    };
    expect(tour.stops[0]?.location).toEqual(await at(spotCityId as number));
    expect(tour.stops[1]?.location).toEqual(await at(hamburgId));
    expect(tour.stops[0]?.location?.lat).toBeCloseTo(52.52, 1);
    expect(tour.feedUrl).toBe(`http://localhost:3000/${path(artist)}/tour.ics`);
    // Nothing private: no terms, no requests.
    expect(res.body).not.toContain('guestSharePercent');
  });

  it('has no tour for studios, unknown names and suspended artists', async () => {
    expect((await call(t.app, 'GET', `/api/tours/${path(studio)}`)).statusCode).toBe(404);
    const unknown = await call(t.app, 'GET', '/api/users/nobody-here-at-all/tour', { lang: 'de' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/\S/);
    expect((await call(t.app, 'GET', `/api/tours/${'x'.repeat(61)}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/${'x'.repeat(61)}/tour.ics`)).statusCode).toBe(404);
    const suspended = await createArtist(t.app);
    await createAvailability(t.app, suspended);
    expect((await call(t.app, 'GET', `/api/tours/${path(suspended)}`)).statusCode).toBe(200);
    await t.app.ctx.db.updateTable('users').set({ suspended_at: new Date().toISOString() }).where('id', '=', suspended.user.id).execute();
    expect((await call(t.app, 'GET', `/api/tours/${path(suspended)}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/${path(suspended)}/tour.ics`)).statusCode).toBe(404);
  });

  it('publishes the tour as an iCalendar feed of all-day events with stable UIDs', async () => {
    const res = await call(t.app, 'GET', `/${path(artist)}/tour.ics?lang=de`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toMatch(/\r\n/);
    const first = events(res.body);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({ uid: `stay-${stayId}@localhost:3000`, start: day(10), end: day(18), isDate: true, location: 'Berlin', status: 'CONFIRMED' });
    expect(first[0]?.summary).toContain(`Gast bei ${studio.user.name}`);
    expect(first[1]).toMatchObject({ uid: `availability-${availabilityId}@localhost:3000`, start: day(30), end: day(41), status: 'TENTATIVE' });
    expect(res.body).not.toContain('Offene Bewerbung');
    // An edit keeps the event's UID.
    const edit = await call(t.app, 'PUT', `/api/artist-availability/${availabilityId}`, { as: artist, payload: { title: 'Now also Hamburg', endDate: day(42) } });
    expect(edit.statusCode).toBe(200);
    const second = events((await call(t.app, 'GET', `/${path(artist)}/tour.ics`)).body);
    expect(second[1]).toMatchObject({ uid: first[1]?.uid, end: day(43) });
    expect((await call(t.app, 'GET', `/${path(artist)}/tour.ics?lang=xx`)).statusCode).toBe(400);
  });

  it('gives each account one private feed, 401 to visitors, and revokes it', async () => {
    expect((await call(t.app, 'GET', '/api/calendar')).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/calendar')).statusCode).toBe(401);
    const made = await call(t.app, 'GET', '/api/calendar', { as: studio });
    expect(made.statusCode).toBe(200);
    const { url }: CalendarFeed = made.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await call(t.app, 'GET', '/api/calendar', { as: studio })).json().url).toBe(url);
    const own = new URL(url).pathname;
    const feed = await call(t.app, 'GET', own);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toContain('no-store');
    const list = events(feed.body);
    // The studio's own: the coming stay, the one that ended within 90 days, and the pending application.
    expect(list.map((e) => e.start)).toEqual([day(-30), day(10), day(45)]);
    expect(list[2]?.status).toBe('TENTATIVE');
    // Another account's feed is another address.
    const others = (await call(t.app, 'GET', '/api/calendar', { as: other })).json().url;
    expect(others).not.toBe(url);
    expect(events((await call(t.app, 'GET', new URL(others).pathname)).body)).toEqual([]);
    expect((await call(t.app, 'DELETE', '/api/calendar', { as: studio })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', own)).statusCode).toBe(404);
    const renewed = (await call(t.app, 'GET', '/api/calendar', { as: studio })).json().url;
    expect(renewed).not.toBe(url);
    for (const bad of ['/api/calendar/short.ics', `/api/calendar/${'a'.repeat(32)}.txt`, `/api/calendar/${'a'.repeat(32)}.ics`, '/api/calendar/..%2F..%2Fetc.ics']) {
      expect((await call(t.app, 'GET', bad)).statusCode).toBe(404);
    }
  });

  it('makes one feed for 50 parallel first requests', async () => {
    const fresh = await createArtist(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'GET', '/api/calendar', { as: fresh })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json().url)).size).toBe(1);
  });

  it('writes the tour page head with the artist, and 404 for an unknown one', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/de/${path(artist)}/tour`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${artist.user.name}: Tourdaten und Gastplätze`);
    const missing = await t.app.inject({ method: 'GET', url: `/${path(studio)}/tour`, headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
  });
});
