import { beforeEach, expect, it } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import type { Message, Thread } from '../../../common/schemas/messages';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot, day } from '../../test/listing-factories';
import { block } from './testing';

describeEachEngine('guest spot applications', (engine) => {
  const t = useTestApp(engine);
  let artist: TestUser;
  let studio: TestUser;
  let spot: GuestSpot;

  const apply = (as: TestUser | null, id: number | string = spot.id, payload: object = {}, lang = 'en') =>
    call(t.app, 'POST', `/api/guest-spots/${id}/apply`, { as, payload, lang });
  const thread = async (as: TestUser, contact: number) => (await call(t.app, 'GET', `/api/messages/contact/${contact}`, { as })).json() as Thread;

  beforeEach(async () => {
    [artist, studio] = await Promise.all([createArtist(t.app), createStudio(t.app)]);
    spot = await createGuestSpot(t.app, studio, { title: 'Fineline Sommer', startDate: day(10), endDate: day(20), countryId: null, cityName: 'Leipzig' });
  });

  it('sends the studio a first message with the spot as a card: 201 {success, message, conversationId}', async () => {
    const res = await apply(artist, spot.id, { content: 'Ich hätte Lust auf euren Gastplatz!' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { success: boolean; message: Message; conversationId: number };
    expect(body.success).toBe(true);
    expect(body.conversationId).toBe(studio.user.id);
    expect(body.message).toMatchObject({
      senderId: artist.user.id,
      receiverId: studio.user.id,
      content: 'Ich hätte Lust auf euren Gastplatz!',
      reference: { type: 'guest_spot', id: spot.id, slug: spot.slug, title: 'Fineline Sommer', startDate: day(10), endDate: day(20), cityName: 'Leipzig', available: true },
    });
    // Both see the card in the thread, and the studio has it unread.
    for (const [as, contact] of [[artist, studio], [studio, artist]] as const) {
      expect((await thread(as, contact.user.id)).messages.map((m) => (m.reference?.type === 'guest_spot' ? m.reference.id : null))).toEqual([spot.id]);
    }
    expect((await call(t.app, 'GET', '/api/messages/unread-count', { as: studio })).json().count).toBe(1);
  });

  it('writes a default text in the studio’s language naming the spot and its dates', async () => {
    await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', studio.user.id).execute();
    const res = await apply(artist, spot.id, {}, 'en');
    expect(res.statusCode).toBe(201);
    const [y1, m1, d1] = day(10).split('-');
    const [y2, m2, d2] = day(20).split('-');
    expect(res.json().message.content).toBe(
      `Hallo! Ich möchte mich für deinen Gastplatz „Fineline Sommer“ vom ${d1}.${m1}.${y1} bis ${d2}.${m2}.${y2} bewerben. Mein Portfolio findest du in meinem Profil. Ich freue mich auf deine Antwort!`,
    );
  });

  it('falls back to the request’s language when the studio chose none, and takes blank content as none', async () => {
    // Accounts keep their registration language now; this studio's account predates that.
    await t.app.ctx.db.updateTable('users').set({ language: null }).where('id', '=', studio.user.id).execute();
    const res = await apply(artist, spot.id, { content: ' \u0000 ' }, 'fr');
    expect(res.statusCode).toBe(201);
    expect(res.json().message.content).toMatch(/^Bonjour ! J’aimerais postuler pour ton poste invité « Fineline Sommer »/);
  });

  it('answers 409 applicationPending (with the conversation) while one is pending, and sends nothing', async () => {
    expect((await apply(artist)).statusCode).toBe(201);
    const again = await apply(artist, spot.id, { content: 'Noch mal' }, 'de');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'applicationPending', conversationId: studio.user.id });
    expect(again.json().error).not.toBe('applicationPending');
    expect((await thread(studio, artist.user.id)).messages).toHaveLength(1);
  });

  it('records a pending application for the chosen days, and takes `message` for `content`', async () => {
    const res = await apply(artist, spot.id, { startDate: day(12), endDate: day(15), message: 'Vier Tage?' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message.content).toBe('Vier Tage?');
    const row = await t.app.ctx.db.selectFrom('deal_requests').selectAll().where('id', '=', res.json().applicationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'application', status: 'pending', guest_spot_id: spot.id, artist_id: artist.user.id, studio_id: studio.user.id, start_date: day(12), end_date: day(15) });
  });

  it('defaults to the whole window, and refuses days outside it or shorter than the terms’ minDays (400 in the request’s language)', async () => {
    await t.app.ctx.db.updateTable('guest_spots').set({ terms: JSON.stringify({ minDays: 5 }) }).where('id', '=', spot.id).execute();
    const outside = await apply(artist, spot.id, { startDate: day(9), endDate: day(15) }, 'de');
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ code: 'dealDatesOutside', field: 'startDate' });
    const short = await apply(artist, spot.id, { startDate: day(11), endDate: day(14) }, 'fr');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('dealTooShort');
    expect(short.json().error).toMatch(/5/);
    const half = await apply(artist, spot.id, { startDate: day(11) });
    expect(half.statusCode).toBe(400);
    expect(half.json().code).toBe('dealDatesBoth');
    const whole = await apply(artist);
    expect(whole.statusCode).toBe(201);
    const row = await t.app.ctx.db.selectFrom('deal_requests').selectAll().where('id', '=', whole.json().applicationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ start_date: day(10), end_date: day(20), terms: JSON.stringify({ minDays: 5 }) });
  });

  it('lets the artist apply again once the pending one was declined', async () => {
    const first = await apply(artist);
    await t.app.ctx.db.updateTable('deal_requests').set({ status: 'declined' }).where('id', '=', first.json().applicationId).execute();
    const again = await apply(artist, spot.id, { content: 'Noch mal' });
    expect(again.statusCode).toBe(201);
    expect((await thread(studio, artist.user.id)).messages).toHaveLength(2);
  });

  it('is for artists only: 401 visitors, 403 studios (the owner too)', async () => {
    const visitor = await apply(null);
    expect(visitor.statusCode).toBe(401);
    const owner = await apply(studio);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().code).toBe('applyArtistsOnly');
    const other = await apply(await createStudio(t.app));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('applyArtistsOnly');
  });

  it('answers 400 for a malformed id or body and 404 for an unknown spot', async () => {
    expect((await apply(artist, 'abc')).statusCode).toBe(400);
    expect((await apply(artist, spot.id, { content: 5 })).statusCode).toBe(400);
    const long = await apply(artist, spot.id, { content: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('messageTooLong');
    const unknown = await apply(artist, 99999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('guestSpotNotFound');
  });

  it('answers 409 for an inactive or ended spot', async () => {
    await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: false } });
    const inactive = await apply(artist);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('guestSpotClosed');
    await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: true } });
    await t.app.ctx.db.updateTable('guest_spots').set({ start_date: day(-10), end_date: day(-1) }).where('id', '=', spot.id).execute();
    expect((await apply(artist)).statusCode).toBe(409);
  });

  it('answers 403 across a block either way', async () => {
    await block(t.app, studio, artist);
    const res = await apply(artist);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('messageBlocked');
    const other = await createArtist(t.app);
    await block(t.app, other, studio);
    expect((await apply(other)).statusCode).toBe(403);
    expect(await t.app.ctx.db.selectFrom('deal_requests').select('artist_id').where('guest_spot_id', '=', spot.id).execute()).toEqual([]);
  });

  it('tells an artist on the spot’s page whether they applied (hasApplied), false for everyone else', async () => {
    const hasApplied = async (as: TestUser | null, url: string) => (await call(t.app, 'GET', url, { as })).json().hasApplied;
    for (const url of [`/api/guest-spots/${spot.id}`, `/api/guest-spots/by-slug/${spot.slug}`]) {
      expect(await hasApplied(artist, url)).toBe(false);
    }
    await apply(artist);
    for (const url of [`/api/guest-spots/${spot.id}`, `/api/guest-spots/by-slug/${spot.slug}`, `/api/guest-spots/${spot.slug}`]) {
      expect(await hasApplied(artist, url)).toBe(true);
      expect(await hasApplied(null, url)).toBe(false);
      expect(await hasApplied(studio, url)).toBe(false);
      expect(await hasApplied(await createArtist(t.app), url)).toBe(false);
    }
  });

  it('marks the card no longer available once the spot is closed or gone', async () => {
    const other = await createGuestSpot(t.app, studio, { title: 'Zweiter Platz' });
    await apply(artist);
    await apply(artist, other.id);
    const available = async () => (await thread(artist, studio.user.id)).messages.map((m) => (m.reference?.type === 'guest_spot' ? m.reference.available : null));
    expect(await available()).toEqual([true, true]);
    await call(t.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { isActive: false } });
    expect(await available()).toEqual([false, true]);
    await call(t.app, 'DELETE', `/api/guest-spots/${other.id}`, { as: studio });
    const messages = (await thread(artist, studio.user.id)).messages;
    expect(messages.map((m) => (m.reference?.type === 'guest_spot' ? m.reference.available : null))).toEqual([false, false]);
    // The card keeps what it showed.
    expect(messages[1]?.reference).toMatchObject({ id: other.id, title: 'Zweiter Platz', slug: other.slug });
  });
});
