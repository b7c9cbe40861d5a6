import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { DealRequestPage, PublicStayList, Stay, StayPage } from '../../../common/schemas/deals';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import type { LiveEvent, Thread } from '../../../common/schemas/messages';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { givePictures } from '../../test/pictures';
import { call, createAvailability, createGuestSpot, day, makeAdmin } from '../../test/listing-factories';
import { expireDealRequests } from './index';

describeEachEngine('guest spot deals: applications, invitations, stays', (engine) => {
  const t = useTestApp(engine);
  let artist: TestUser;
  let studio: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let spot: GuestSpot;
  let sent: Mail[];
  let heard: Map<number, LiveEvent[]>;
  let stopListening: (() => void)[];

  const apply = async (as: TestUser, id = spot.id, payload: object = {}) => {
    const res = await call(t.app, 'POST', `/api/guest-spots/${id}/apply`, { as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().applicationId as number;
  };
  const act = (as: TestUser | null, id: number | string, action: 'accept' | 'decline' | 'withdraw', payload: object = {}, lang = 'en') =>
    call(t.app, 'POST', `/api/applications/${id}/${action}`, { as, payload, lang });
  const list = async (as: TestUser, query = '') => {
    const res = await call(t.app, 'GET', `/api/applications${query}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DealRequestPage;
  };
  const thread = async (as: TestUser, contact: TestUser) => (await call(t.app, 'GET', `/api/messages/contact/${contact.user.id}`, { as })).json() as Thread;
  const mails = async () => {
    await t.app.ctx.outbox.drain();
    return sent;
  };

  beforeAll(async () => {
    admin = await makeAdmin(t.app, await createArtist(t.app));
    stranger = await createStudio(t.app);
  });

  beforeEach(async () => {
    [artist, studio] = await Promise.all([createArtist(t.app), createStudio(t.app)]);
    await t.app.ctx.db.updateTable('users').set({ language: 'de', name: 'Nadelwerk Berlin' }).where('id', '=', studio.user.id).execute();
    await t.app.ctx.db.updateTable('users').set({ language: 'pt', name: 'Lena' }).where('id', '=', artist.user.id).execute();
    spot = await createGuestSpot(t.app, studio, { title: 'Fineline Sommer', startDate: day(10), endDate: day(20), countryId: null, cityName: 'Leipzig' });
    sent = [];
    vi.spyOn(t.app.ctx.mailer, 'send').mockImplementation(async (mail) => {
      sent.push(mail);
    });
    heard = new Map();
    stopListening = [artist, studio].map((u) => {
      heard.set(u.user.id, []);
      return t.app.ctx.events.subscribe(u.user.id, (event) => heard.get(u.user.id)?.push(event));
    });
  });

  afterEach(() => {
    for (const stop of stopListening) stop();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('lists an application for the studio (received, with the artist at a glance) and the artist (sent)', async () => {
    const id = await apply(artist, spot.id, { startDate: day(12), endDate: day(16) });
    const received = await list(studio, '?role=received');
    expect(received.applications).toHaveLength(1);
    expect(received.applications[0]).toMatchObject({
      id,
      kind: 'application',
      status: 'pending',
      guestSpot: { id: spot.id, slug: spot.slug, title: 'Fineline Sommer' },
      availability: null,
      artist: { id: artist.user.id },
      studio: { id: studio.user.id },
      startDate: day(12),
      endDate: day(16),
      stayId: null,
      artistDetails: { latestWorks: [], rating: null, reviewCount: 0, languages: [] },
    });
    const mine = await list(artist, '?role=sent');
    expect(mine.applications.map((a) => a.id)).toEqual([id]);
    expect(mine.applications[0]?.artistDetails).toBeUndefined();
    // Nothing for the artist to answer, nothing the studio sent; the kind filter narrows.
    expect((await list(artist, '?role=received')).applications).toEqual([]);
    expect((await list(studio, '?role=sent')).applications).toEqual([]);
    expect((await list(studio, '?role=received&kind=invitation')).applications).toEqual([]);
    expect((await list(studio, '?role=received&status=declined')).applications).toEqual([]);
  });

  it('accepts: a confirmed stay, a line in the artist’s language, events to both, a mail to the artist', async () => {
    const id = await apply(artist);
    const res = await act(studio, id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const stay = res.json().stay as Stay;
    expect(stay).toMatchObject({ artist: { id: artist.user.id }, studio: { id: studio.user.id }, guestSpotId: spot.id, startDate: day(10), endDate: day(20), city: 'Leipzig', status: 'confirmed' });
    expect((await list(artist, '?role=sent')).applications[0]).toMatchObject({ status: 'accepted', stayId: stay.id });
    const line = (await thread(artist, studio)).messages.at(-1);
    expect(line).toMatchObject({ senderId: studio.user.id, reference: { type: 'deal', requestId: id, kind: 'application', status: 'accepted', stayId: stay.id, title: 'Fineline Sommer' } });
    expect(line?.content).toMatch(/^Nadelwerk Berlin aceitou: Fineline Sommer/);
    for (const u of [artist, studio]) expect(heard.get(u.user.id)).toContainEqual({ type: 'deal.changed', requestId: id, stayId: stay.id, status: 'accepted' });
    const mail = (await mails()).find((m) => m.to === artist.email);
    expect(mail?.subject).toBe('O teu pedido foi aceite');
    expect(mail?.text).toContain('Nadelwerk Berlin aceitou');
    // Both see it among their stays.
    for (const [as, role] of [[artist, 'artist'], [studio, 'studio']] as const) {
      const page = (await call(t.app, 'GET', `/api/stays?role=${role}`, { as })).json() as StayPage;
      expect(page.stays.map((s) => s.id)).toEqual([stay.id]);
    }
  });

  it('declines with a reason the artist reads in German when they chose German, and sends no mail to who turned message mails off', async () => {
    await t.app.ctx.db.updateTable('users').set({ language: 'de', email_on_message: 0 }).where('id', '=', artist.user.id).execute();
    const id = await apply(artist);
    const res = await act(studio, id, 'decline', { reason: 'Leider schon voll' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(artist, '?role=sent')).applications[0]).toMatchObject({ status: 'declined', reason: 'Leider schon voll' });
    expect((await thread(artist, studio)).messages.at(-1)?.content).toMatch(/hat abgesagt: Fineline Sommer, .* Grund: Leider schon voll$/);
    expect(await mails()).toEqual([]);
  });

  it('withdraws (the artist) and tells the studio in German', async () => {
    const id = await apply(artist);
    expect((await act(artist, id, 'withdraw')).statusCode).toBe(200);
    expect((await list(studio, '?role=received')).applications[0]?.status).toBe('withdrawn');
    expect((await thread(studio, artist)).messages.at(-1)?.content).toMatch(/^Lena hat die Anfrage zurückgezogen/);
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([[studio.email, 'Eine Anfrage wurde zurückgezogen']]);
  });

  it('refuses each transition to the wrong caller: 401 visitors, 404 strangers and admins, 403 the other party, 409 once answered', async () => {
    const id = await apply(artist);
    for (const action of ['accept', 'decline', 'withdraw'] as const) {
      expect((await act(null, id, action)).statusCode).toBe(401);
      for (const outsider of [stranger, admin]) {
        const res = await act(outsider, id, action);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('dealNotFound');
      }
    }
    for (const [as, action] of [[artist, 'accept'], [artist, 'decline'], [studio, 'withdraw']] as const) {
      const res = await act(as, id, action, {}, 'fr');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'dealWrongSide', error: 'Cette étape revient à l’autre partie.' });
    }
    expect((await act(studio, id, 'decline')).statusCode).toBe(200);
    for (const [as, action] of [[studio, 'accept'], [studio, 'decline'], [artist, 'withdraw']] as const) {
      const res = await act(as, id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('dealNotPending');
    }
  });

  it('answers 400 in the request’s language for bad ids and bodies, 404 for unknown ones', async () => {
    const id = await apply(artist);
    expect((await act(studio, 'abc', 'accept')).statusCode).toBe(400);
    expect((await act(studio, 99999999, 'accept')).statusCode).toBe(404);
    const long = await act(studio, id, 'decline', { reason: 'x'.repeat(501) }, 'de');
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('tooLong');
    expect(long.json().error).toMatch(/zu lang/);
    expect((await act(studio, id, 'decline', { reason: 5 })).statusCode).toBe(400);
    for (const query of ['?role=both', '?status=open', '?kind=offer', '?cursor=a%20b']) {
      const res = await call(t.app, 'GET', `/api/applications${query}`, { as: studio, lang: 'es' });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(t.app, 'GET', '/api/applications', { as: null })).statusCode).toBe(401);
  });

  it('refuses an accept when the artist has an overlapping confirmed stay (409 stayOverlaps)', async () => {
    const other = await createGuestSpot(t.app, stranger, { title: 'Andere Stadt', startDate: day(15), endDate: day(25) });
    const first = await apply(artist);
    const second = await apply(artist, other.id);
    expect((await act(studio, first, 'accept')).statusCode).toBe(200);
    const res = await act(stranger, second, 'accept', {}, 'de');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stayOverlaps', error: 'Der Künstler hat an einigen dieser Tage schon einen bestätigten Aufenthalt.' });
    expect((await list(artist, '?role=sent&status=pending')).applications.map((a) => a.id)).toEqual([second]);
  });

  it('refuses a guest over the spot’s places on a shared day (409 spotFull), and takes one on other days', async () => {
    const other = await createArtist(t.app);
    const third = await createArtist(t.app);
    const a = await apply(artist, spot.id, { startDate: day(10), endDate: day(14) });
    const b = await apply(other, spot.id, { startDate: day(14), endDate: day(18) });
    const c = await apply(third, spot.id, { startDate: day(15), endDate: day(20) });
    expect((await act(studio, a, 'accept')).statusCode).toBe(200);
    const full = await act(studio, b, 'accept');
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('spotFull');
    expect((await act(studio, c, 'accept')).statusCode).toBe(200);
  });

  it('invites an artist for an availability (studios only), once while pending; the artist accepts', async () => {
    const availability = await createAvailability(t.app, artist, { title: 'Sommer im Norden', startDate: day(5), endDate: day(30) });
    const invite = (as: TestUser | null, payload: object, lang = 'en') => call(t.app, 'POST', `/api/artist-availability/${availability.id}/invite`, { as, payload, lang });
    const body = { guestSpotId: spot.id, startDate: day(11), endDate: day(15), message: 'Komm zu uns!' };
    expect((await invite(null, body)).statusCode).toBe(401);
    const byArtist = await invite(await createArtist(t.app), body);
    expect(byArtist.statusCode).toBe(403);
    expect(byArtist.json().code).toBe('onlyStudios');
    const foreign = await invite(stranger, body);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('inviteSpotInvalid');
    expect((await invite(studio, { ...body, startDate: day(1) })).json().code).toBe('dealDatesOutside');
    expect((await invite(studio, { ...body, endDate: day(9) }, 'pt')).json().code).toBe('endBeforeStart');
    expect((await invite(studio, { ...body, message: '' })).json().code).toBe('messageEmpty');
    const made = await invite(studio, body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const again = await invite(studio, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invitationPending');
    // Terms of its own, without a spot, from another studio.
    const own = await invite(stranger, { startDate: day(20), endDate: day(25), message: 'Und bei uns?', terms: { deal: { type: 'commission', guestSharePercent: 70 }, housing: 'guest_room' } });
    expect(own.statusCode, own.body).toBe(201);

    const received = await list(artist, '?role=received');
    expect(received.applications.map((r) => r.id)).toEqual([own.json().id, id]);
    expect(received.applications[0]).toMatchObject({ kind: 'invitation', guestSpot: null, availability: { id: availability.id, title: 'Sommer im Norden' }, terms: { deal: { type: 'commission', guestSharePercent: 70 }, housing: 'guest_room' } });
    expect(received.applications[0]?.artistDetails).toBeUndefined();
    const card = (await thread(artist, studio)).messages.at(-1);
    expect(card).toMatchObject({ content: 'Komm zu uns!', reference: { type: 'deal', requestId: id, kind: 'invitation', status: 'pending' } });
    expect((await mails()).find((m) => m.to === artist.email)?.subject).toBe('Um estúdio convida-te como tatuador convidado');
    // The studio may not answer its own invitation; the artist accepts it.
    expect((await act(studio, id, 'accept')).statusCode).toBe(403);
    const accepted = await act(artist, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().stay).toMatchObject({ guestSpotId: spot.id, startDate: day(11), endDate: day(15), status: 'confirmed' });
    expect((await call(t.app, 'GET', '/api/deals/summary', { as: artist })).json()).toEqual({ pendingReceived: 1, pendingSent: 0, upcomingStays: 1 });
    expect((await call(t.app, 'GET', '/api/deals/summary', { as: studio })).json()).toEqual({ pendingReceived: 0, pendingSent: 0, upcomingStays: 1 });
  });

  it('cancels a stay (either side, with a reason; the other is told), then 409; 404 to strangers', async () => {
    const id = await apply(artist);
    const stay = (await act(studio, id, 'accept')).json().stay as Stay;
    // The accept's mail is delivered first, so only the cancel's is counted below.
    await mails();
    sent.length = 0;
    const cancel = (as: TestUser | null, payload: object, lang = 'en') => call(t.app, 'POST', `/api/stays/${stay.id}/cancel`, { as, payload, lang });
    expect((await cancel(null, { reason: 'x' })).statusCode).toBe(401);
    expect((await cancel(stranger, { reason: 'x' })).statusCode).toBe(404);
    expect((await cancel(admin, { reason: 'x' })).statusCode).toBe(404);
    const blank = await cancel(artist, { reason: '  ' }, 'es');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'cancelReasonRequired', error: 'Indica por qué cancelas.' });
    const res = await cancel(artist, { reason: 'Krank geworden' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stay).toMatchObject({ status: 'cancelled', cancelReason: 'Krank geworden' });
    expect((await thread(studio, artist)).messages.at(-1)).toMatchObject({ senderId: artist.user.id, reference: { type: 'deal', status: 'cancelled', stayId: stay.id } });
    expect(heard.get(studio.user.id)).toContainEqual({ type: 'deal.changed', requestId: id, stayId: stay.id, status: 'cancelled' });
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([[studio.email, 'Ein Aufenthalt wurde abgesagt']]);
    expect((await cancel(studio, { reason: 'Dann eben nicht' })).statusCode).toBe(409);
  });

  it('clears both profiles’ kept pages when a stay is confirmed and when it is cancelled', async () => {
    const cleared = vi.spyOn(t.app.ctx.invalidation, 'invalidate');
    const id = await apply(artist);
    const stay = (await act(studio, id, 'accept')).json().stay as Stay;
    const both = [`user:${artist.user.id}`, `profile:${artist.user.id}`, `user:${studio.user.id}`, `profile:${studio.user.id}`];
    expect(cleared.mock.calls.flatMap(([tags]) => [...tags])).toEqual(expect.arrayContaining(both));
    cleared.mockClear();
    expect((await call(t.app, 'POST', `/api/stays/${stay.id}/cancel`, { as: artist, payload: { reason: 'Krank geworden' } })).statusCode).toBe(200);
    expect(cleared.mock.calls.flatMap(([tags]) => [...tags])).toEqual(expect.arrayContaining(both));
  });

  it('expires a pending request once its first day passes (a moved clock), on read and by the job', async () => {
    const id = await apply(artist);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 24 * 3600_000);
    expect((await list(studio)).applications[0]?.status).toBe('expired');
    expect((await list(studio, '?status=expired')).applications.map((a) => a.id)).toEqual([id]);
    expect((await list(studio, '?status=pending')).applications).toEqual([]);
    expect((await act(studio, id, 'accept')).statusCode).toBe(409);
    vi.useRealTimers();
    expect(await expireDealRequests(t.app, day(11))).toBeGreaterThanOrEqual(1);
    const row = await t.app.ctx.db.selectFrom('deal_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });

  it('pages the lists by a keyset cursor, newest first, without repeats', async () => {
    const spots = [spot];
    for (let i = 0; i < 3; i++) spots.push(await createGuestSpot(t.app, studio, { title: `Platz ${i}` }));
    const now = new Date().toISOString();
    // Rows straight into the table: a page holds 20, and the same second must not confuse the keyset.
    await t.app.ctx.db
      .insertInto('deal_requests')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          kind: 'application', status: 'declined', guest_spot_id: spots[i % 4]?.id ?? null, availability_id: null, artist_id: artist.user.id, studio_id: studio.user.id,
          start_date: day(10), end_date: day(20), terms: null, message: null, reason: null, created_at: now, decided_at: now, stay_id: null,
        })),
      )
      .execute();
    const first = await list(studio);
    expect(first.applications).toHaveLength(20);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await list(studio, `?cursor=${first.nextCursor}`);
    expect(second.applications).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.applications, ...second.applications].map((a) => a.id);
    expect(new Set(ids).size).toBe(23);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('shows confirmed and completed stays on both profiles without terms, to visitors too', async () => {
    const id = await apply(artist);
    const stay = (await act(studio, id, 'accept')).json().stay as Stay;
    const old = await t.app.ctx.db
      .insertInto('stays')
      .values({ artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: null, request_id: null, start_date: day(-20), end_date: day(-14), city_name: 'Hamburg', terms: '{"deal":{"type":"other"}}', status: 'confirmed', created_at: new Date().toISOString(), cancelled_at: null, cancel_reason: null, cancelled_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const owner of [artist, studio]) {
      const res = await call(t.app, 'GET', `/api/users/${owner.user.id}/stays`, { as: null });
      expect(res.statusCode).toBe(200);
      const body = res.json() as PublicStayList;
      expect(body.stays.map((s) => [s.id, s.status])).toEqual([[old.id, 'completed'], [stay.id, 'confirmed']]);
      expect(body.stays[0]).not.toHaveProperty('terms');
    }
    expect((await call(t.app, 'GET', '/api/users/99999999/stays')).statusCode).toBe(404);
    const completed = (await call(t.app, 'GET', '/api/stays?status=completed', { as: artist })).json() as StayPage;
    expect(completed.stays.map((s) => s.id)).toEqual([old.id]);
  });

  it('leaves spots the artist is booked for over their whole window out of the availability’s matches', async () => {
    await givePictures(t.app, [studio, stranger]);
    const elsewhere = await createGuestSpot(t.app, stranger, { startDate: day(12), endDate: day(25) });
    const availability = await createAvailability(t.app, artist, { startDate: day(5), endDate: day(30) });
    const matches = async () => ((await call(t.app, 'GET', `/api/artist-availability/${availability.id}/matches`, { as: artist })).json() as { guestSpot: { id: number } }[]).map((m) => m.guestSpot.id);
    const before = await matches();
    expect(before).toEqual(expect.arrayContaining([spot.id, elsewhere.id]));
    const id = await apply(artist);
    expect((await act(studio, id, 'accept')).statusCode).toBe(200);
    const after = await matches();
    expect(after).not.toContain(spot.id);
    // A spot that only partly overlaps the stay is still offered.
    expect(after).toContain(elsewhere.id);
  });
});
