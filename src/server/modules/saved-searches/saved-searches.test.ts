import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SAVED_SEARCHES_MAX } from '../../../common/schemas/saved-searches';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, referenceIds } from '../../test/listing-factories';
import { runDigests } from './digest';
import { matchesListing, textMatches, type ListingItem } from './match';

const PARALLEL = 50;
const DAY_MS = 24 * 60 * 60_000;

const spot: ListingItem = {
  countryId: 1,
  cityId: 10,
  styleIds: [3],
  startDate: '2026-12-01',
  endDate: '2026-12-10',
  searchText: 'blackwork guest spot in munchen studio',
  deal: { dealType: 'commission', guestShare: 60, rentDayCents: null, housing: true },
};

describe('the matchers', () => {
  it('mirror the list: place, style, overlapping dates and the deal filters', () => {
    const m = (filters: object, countryKey = 0) => matchesListing({ filters, countryKey }, spot);
    expect(m({}, 1)).toBe(true);
    expect(m({}, 2)).toBe(false);
    expect(m({}, -1)).toBe(false);
    expect(m({ city: 10 })).toBe(true);
    expect(m({ city: 11 })).toBe(false);
    expect(m({ style: 3 })).toBe(true);
    expect(m({ style: 4 })).toBe(false);
    expect(m({ from: '2026-12-10', to: '2027-01-01' })).toBe(true);
    expect(m({ from: '2026-12-11' })).toBe(false);
    expect(m({ to: '2026-11-30' })).toBe(false);
    expect(m({ dealType: 'commission', minGuestShare: 60, housing: true })).toBe(true);
    expect(m({ minGuestShare: 70 })).toBe(false);
    expect(m({ maxRentCents: 10_000 })).toBe(false);
    expect(matchesListing({ filters: { housing: true }, countryKey: 0 }, { ...spot, deal: null })).toBe(false);
  });

  it('match the text word by word from a word start, any case, accents optional', () => {
    expect(textMatches('Black', spot.searchText)).toBe(true);
    expect(textMatches('MÜNCHEN studio', spot.searchText)).toBe(true);
    expect(textMatches('work', spot.searchText)).toBe(false);
    expect(textMatches('blackwork berlin', spot.searchText)).toBe(false);
  });
});

describeEachEngine('saved searches', (engine) => {
  const t = useTestApp(engine);
  const save = (as: TestUser | null, payload: object, lang = 'en') => call(t.app, 'POST', '/api/saved-searches', { as, payload, lang });
  const saveOk = async (as: TestUser, payload: object): Promise<number> => {
    const res = await save(as, { name: 'My search', frequency: 'instant', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().search.id;
  };
  const bell = async (as: TestUser) => (await call(t.app, 'GET', '/api/notifications', { as })).json().notifications.filter((n: { kind: string }) => n.kind === 'saved_search');

  describe('the routes', () => {
    it('create, list, change, pause and delete the own searches; others get 404, visitors 401', async () => {
      const [owner, other] = [await createArtist(t.app), await createStudio(t.app)];
      const ref = await referenceIds(t.app);
      const created = await save(owner, { kind: 'guest_spots', name: ' Berlin spots ', frequency: 'daily', filters: { country: 'DE', city: String(ref.berlin.id), page: '3', housing: 'true', q: '' } });
      expect(created.statusCode).toBe(201);
      const search = created.json().search;
      expect(search).toMatchObject({ kind: 'guest_spots', name: 'Berlin spots', frequency: 'daily', paused: false, filters: { country: 'DE', city: ref.berlin.id, housing: true } });
      expect(Object.keys(search.filters).sort()).toEqual(['city', 'country', 'housing']);

      const listed = await call(t.app, 'GET', '/api/saved-searches', { as: owner });
      expect(listed.json()).toMatchObject({ max: SAVED_SEARCHES_MAX, searches: [{ id: search.id }] });
      expect((await call(t.app, 'GET', '/api/saved-searches', { as: other })).json().searches).toEqual([]);

      const url = `/api/saved-searches/${search.id}`;
      const paused = await call(t.app, 'PUT', url, { as: owner, payload: { paused: true, frequency: 'weekly', filters: { style: String(ref.style('realism')) } } });
      expect(paused.statusCode).toBe(200);
      expect(paused.json().search).toMatchObject({ paused: true, frequency: 'weekly', filters: { style: ref.style('realism') } });

      for (const [method, payload] of [['PUT', { paused: false }], ['DELETE', undefined]] as const) {
        expect((await call(t.app, method, url, { as: null, payload })).statusCode).toBe(401);
        expect((await call(t.app, method, url, { as: other, payload })).statusCode).toBe(404);
        expect((await call(t.app, method, '/api/saved-searches/99999999', { as: owner, payload })).statusCode).toBe(404);
      }
      expect((await call(t.app, 'GET', '/api/saved-searches', { as: null })).statusCode).toBe(401);
      expect((await save(null, { kind: 'artists', name: 'x' })).statusCode).toBe(401);
      expect((await call(t.app, 'DELETE', url, { as: owner })).statusCode).toBe(204);
      expect((await call(t.app, 'GET', '/api/saved-searches', { as: owner })).json().searches).toEqual([]);
    });

    it('reads the filters with the list’s own schema and answers 400 in the request’s language', async () => {
      const user = await createStudio(t.app);
      const bad = await save(user, { kind: 'guest_spots', name: 'x', filters: { minGuestShare: '150' } }, 'de');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('filterInvalid');
      expect(bad.json().error).toBe('Dieser Filter ist ungültig.');
      const dates = await save(user, { kind: 'availabilities', name: 'x', filters: { from: day(10), to: day(5) } }, 'fr');
      expect(dates.statusCode).toBe(400);
      // The artist list has no text filter: the key is ignored as the list ignores it.
      const artists = await save(user, { kind: 'artists', name: 'x', filters: { q: 'ink', available: 'true' } });
      expect(artists.json().search.filters).toEqual({ available: true });
      expect((await save(user, { kind: 'tattoos', name: 'x' })).statusCode).toBe(400);
      expect((await save(user, { kind: 'artists', name: '  ' }, 'es')).json().code).toBe('savedSearchNameRequired');
      const id = artists.json().search.id;
      expect((await call(t.app, 'PUT', `/api/saved-searches/${id}`, { as: user, payload: { filters: { style: 'x' } } })).statusCode).toBe(400);
      expect((await call(t.app, 'PUT', `/api/saved-searches/${id}`, { as: user, payload: {} })).statusCode).toBe(400);
    });

    it(`keeps at most ${SAVED_SEARCHES_MAX} a user, also of ${PARALLEL} parallel creates`, async () => {
      const [one, two] = [await createArtist(t.app), await createArtist(t.app)];
      for (let i = 0; i < SAVED_SEARCHES_MAX; i++) expect((await save(one, { kind: 'artists', name: `s${i}` })).statusCode).toBe(201);
      const over = await save(one, { kind: 'artists', name: 'one too many' });
      expect(over.statusCode).toBe(409);
      expect(over.json().code).toBe('savedSearchesTooMany');
      const results = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => save(two, { kind: 'artists', name: `p${i}` })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(PARALLEL - SAVED_SEARCHES_MAX);
      expect((await call(t.app, 'GET', '/api/saved-searches', { as: two })).json().searches).toHaveLength(SAVED_SEARCHES_MAX);
    });
  });

  describe('matching', () => {
    it('notifies exactly the 3 of 5 searches a new guest spot matches, once each, also when edited and re-published', async () => {
      const ref = await referenceIds(t.app);
      const studio = await createStudio(t.app);
      const users = await Promise.all(Array.from({ length: 5 }, () => createArtist(t.app)));
      const [a, b, c, d, e] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
      await saveOk(a, { kind: 'guest_spots', filters: { country: 'DE' } });
      await saveOk(b, { kind: 'guest_spots', filters: { country: String(ref.country('DE')), city: String(ref.berlin.id), from: day(15) } });
      await saveOk(c, { kind: 'guest_spots', filters: { style: String(ref.style('realism')), q: 'Realism' } });
      await saveOk(d, { kind: 'guest_spots', filters: { country: 'FR' } });
      await saveOk(e, { kind: 'guest_spots', filters: { country: 'DE', to: day(5) } });
      // Paused, another kind, and the studio's own search match nothing.
      const paused = await saveOk(d, { kind: 'guest_spots', filters: {} });
      await call(t.app, 'PUT', `/api/saved-searches/${paused}`, { as: d, payload: { paused: true } });
      await saveOk(e, { kind: 'availabilities', filters: {} });
      await saveOk(studio, { kind: 'guest_spots', filters: {} });

      const made = await createGuestSpot(t.app, studio, {
        title: 'Realism guest spot in Berlin',
        countryId: ref.country('DE'),
        cityId: ref.berlin.id,
        styleIds: [ref.style('realism')],
        startDate: day(10),
        endDate: day(20),
      });
      await t.app.ctx.outbox.drain();
      const counts = async () => Promise.all([...users, studio].map(async (u) => (await bell(u)).length));
      expect(await counts()).toEqual([1, 1, 1, 0, 0, 0]);
      const [notice] = await bell(a);
      expect(notice).toMatchObject({ url: `/guestspot/${made.slug}`, title: 'New for your search “My search”: Realism guest spot in Berlin', readAt: null });

      const url = `/api/guest-spots/${made.id}`;
      expect((await call(t.app, 'PUT', url, { as: studio, payload: { title: 'Realism guest spot in Berlin, updated' } })).statusCode).toBe(200);
      expect((await call(t.app, 'PUT', url, { as: studio, payload: { isActive: false } })).statusCode).toBe(200);
      expect((await call(t.app, 'PUT', url, { as: studio, payload: { isActive: true } })).statusCode).toBe(200);
      await t.app.ctx.outbox.drain();
      expect(await counts()).toEqual([1, 1, 1, 0, 0, 0]);
      const hits = await t.app.ctx.db.selectFrom('saved_search_hits').select('search_id').where('item_kind', '=', 'guest_spots').where('item_id', '=', made.id).execute();
      expect(hits).toHaveLength(3);
    });

    it('tells a search at once when an edit makes a shown guest spot match it, and the searches it matched before nothing more', async () => {
      const ref = await referenceIds(t.app);
      const studio = await createStudio(t.app);
      const [berlin, paris] = [await createArtist(t.app), await createArtist(t.app)];
      await saveOk(berlin, { kind: 'guest_spots', filters: { style: String(ref.style('realism')) } });
      await saveOk(paris, { kind: 'guest_spots', filters: { country: 'FR' } });
      const made = await createGuestSpot(t.app, studio, {
        title: 'Realism weeks',
        countryId: ref.country('DE'),
        cityId: ref.berlin.id,
        styleIds: [ref.style('realism')],
        startDate: day(10),
        endDate: day(20),
      });
      await t.app.ctx.outbox.drain();
      expect([(await bell(berlin)).length, (await bell(paris)).length]).toEqual([1, 0]);

      const moved = await call(t.app, 'PUT', `/api/guest-spots/${made.id}`, { as: studio, payload: { countryId: ref.country('FR'), cityId: null } });
      expect(moved.statusCode, moved.body).toBe(200);
      await t.app.ctx.outbox.drain();
      expect([(await bell(berlin)).length, (await bell(paris)).length]).toEqual([1, 1]);
      expect((await bell(paris))[0]).toMatchObject({ url: `/guestspot/${made.slug}` });
    });

    it('matches availabilities and artists whose profile was saved, in the reader’s language', async () => {
      const ref = await referenceIds(t.app);
      const [studio, artist] = [await createStudio(t.app), await createArtist(t.app)];
      await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', studio.user.id).execute();
      await saveOk(studio, { kind: 'availabilities', name: 'Wien', filters: { country: 'AT' } });
      await saveOk(studio, { kind: 'artists', name: 'Realismus', filters: { style: String(ref.style('realism')), available: 'true' } });
      await createAvailability(t.app, artist, { title: 'Vienna trip', countryId: ref.country('AT'), cityId: ref.vienna.id, startDate: day(3), endDate: day(9) });
      const profile = await call(t.app, 'PUT', `/api/users/${artist.user.id}/profile`, { as: artist, payload: { name: 'Ana Ink', styles: [ref.style('realism')] } });
      expect(profile.statusCode, profile.body).toBe(200);
      await t.app.ctx.outbox.drain();
      const notes = (await call(t.app, 'GET', '/api/notifications', { as: studio, lang: 'de' })).json().notifications;
      expect(notes.map((n: { title: string }) => n.title).sort()).toEqual(['Neu für deine Suche „Realismus“: Ana Ink', 'Neu für deine Suche „Wien“: Vienna trip']);
    });
  });

  describe('digests', () => {
    const collect = () => {
      const sent: Mail[] = [];
      return { sent, mailer: { send: async (mail: Mail) => void sent.push(mail) } };
    };
    const run = (app: FastifyInstance, mailer: { send: (m: Mail) => Promise<void> }, at: number) => runDigests({ ...app.ctx, mailer }, new Date(at));

    it('mail each user one digest per frequency, at that frequency, at most 10 items and the rest counted, in the user’s language', async () => {
      const ref = await referenceIds(t.app);
      const [studio, reader] = [await createStudio(t.app), await createArtist(t.app)];
      await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', reader.user.id).execute();
      const start = Date.now();
      await saveOk(reader, { kind: 'guest_spots', name: 'Sofort', frequency: 'instant', filters: { country: 'DE', q: 'Hamburg' } });
      await saveOk(reader, { kind: 'guest_spots', name: 'Täglich', frequency: 'daily', filters: { country: 'DE', q: 'Hamburg' } });
      await saveOk(reader, { kind: 'guest_spots', name: 'Wöchentlich', frequency: 'weekly', filters: { country: 'DE', q: 'Hamburg' } });
      for (let i = 0; i < 12; i++) await createGuestSpot(t.app, studio, { title: `Hamburg spot ${i}`, countryId: ref.country('DE'), cityId: ref.hamburg.id });
      await t.app.ctx.outbox.drain();
      const mails = collect();
      const ours = () => mails.sent.filter((m) => m.to === reader.email);

      await run(t.app, mails.mailer, start + 60_000);
      expect(ours()).toHaveLength(1);
      const [instant] = ours() as [Mail];
      expect(instant.subject).toBe('12 neue Treffer für deine gespeicherten Suchen');
      expect(instant.text).toContain('Deine Suche „Sofort“:');
      expect(instant.text.match(/\/guestspot\//g)).toHaveLength(10);
      expect(instant.text).toContain('Und 2 weitere: http');
      expect(instant.text).toContain('/de/guestspots?country=DE&q=Hamburg');
      expect(instant.text).toContain('/de/dashboard#saved-searches');
      expect(instant.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      // Nothing new for the instant search, the day not yet over for the daily one.
      await run(t.app, mails.mailer, start + 5 * 60_000);
      await run(t.app, mails.mailer, start + DAY_MS - 30 * 60_000);
      expect(ours()).toHaveLength(1);
      await run(t.app, mails.mailer, start + DAY_MS + 60_000);
      expect(ours()).toHaveLength(2);
      expect(ours()[1]?.text).toContain('„Täglich“');
      expect(ours()[1]?.text).not.toContain('„Wöchentlich“');
      await run(t.app, mails.mailer, start + 7 * DAY_MS + 60_000);
      expect(ours()).toHaveLength(3);
      expect(ours()[2]?.text).toContain('„Wöchentlich“');
      await run(t.app, mails.mailer, start + 7 * DAY_MS + 120_000);
      expect(ours()).toHaveLength(3);
    });

    it('group the searches of one frequency into one mail, whose one-click unsubscribe pauses them without a session', async () => {
      const studio = await createStudio(t.app);
      const reader = await createArtist(t.app);
      const first = await saveOk(reader, { kind: 'guest_spots', name: 'One', filters: { q: 'Lisbon' } });
      const second = await saveOk(reader, { kind: 'guest_spots', name: 'Two', filters: { q: 'Lisbon loft' } });
      await createGuestSpot(t.app, studio, { title: 'Lisbon loft studio' });
      await t.app.ctx.outbox.drain();
      const mails = collect();
      await Promise.all([1, 2, 3].map(() => run(t.app, mails.mailer, Date.now() + 60_000)));
      const ours = mails.sent.filter((m) => m.to === reader.email);
      expect(ours).toHaveLength(1);
      expect(ours[0]?.text).toContain('“One”');
      expect(ours[0]?.text).toContain('“Two”');
      const header = /<(.+)>/.exec(ours[0]?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
      const path = new URL(header).pathname;
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ paused: 2 });
      const searches = (await call(t.app, 'GET', '/api/saved-searches', { as: reader })).json().searches;
      expect(searches.filter((s: { id: number; paused: boolean }) => [first, second].includes(s.id) && s.paused)).toHaveLength(2);
      expect((await t.app.inject({ method: 'POST', url: `${path}x` })).statusCode).toBe(400);
    });
  });
});
