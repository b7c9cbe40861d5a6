import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FeedItem, FeedPage } from '../../../common/schemas/follows';
import type { Mail } from '../../lib/mail/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, day, makeAdmin } from '../../test/listing-factories';
import { runFollowMail } from './mail';

const PARALLEL = 50;
const DAY_MS = 86_400_000;

/** A portfolio piece made at `at`, written straight into the table. */
async function insertPiece(app: FastifyInstance, owner: TestUser, at: string, caption: string | null = null): Promise<number> {
  const url = `/uploads/gallery/${owner.user.id}/${Math.random().toString(36).slice(2)}`;
  const row = await app.ctx.db
    .insertInto('gallery_images')
    .values({ user_id: owner.user.id, image_url: `${url}-large.webp`, medium_url: `${url}-medium.webp`, thumbnail_url: `${url}-thumb.webp`, width: 1200, height: 1500, caption, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertStay(app: FastifyInstance, artist: TestUser, studio: TestUser, at: string, status = 'confirmed'): Promise<number> {
  const row = await app.ctx.db
    .insertInto('stays')
    .values({
      artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: null, request_id: null, start_date: day(20), end_date: day(25),
      city_name: 'Berlin', terms: null, status, created_at: at, cancelled_at: null, cancel_reason: null, cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const iso = (msAgo: number, base = Date.now()) => new Date(base - msAgo).toISOString();

describeEachEngine('follows', (engine) => {
  const t = useTestApp(engine);
  const follow = (as: TestUser | null, target: number | string, lang = 'en') => call(t.app, 'PUT', `/api/follows/${target}`, { as, lang });
  const feed = async (as: TestUser, cursor?: string): Promise<FeedPage> => {
    const res = await call(t.app, 'GET', `/api/follows/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { as });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('following', () => {
    it('follows idempotently, counts on the profile, unfollows, and answers 401 to visitors', async () => {
      const [fan, artist] = [await createStudio(t.app), await createArtist(t.app)];
      expect((await follow(null, artist.user.id)).statusCode).toBe(401);
      expect((await call(t.app, 'DELETE', `/api/follows/${artist.user.id}`)).statusCode).toBe(401);
      expect((await call(t.app, 'GET', `/api/follows/${artist.user.id}`)).statusCode).toBe(401);
      const first = await follow(fan, artist.user.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ following: true, followers: 1 });
      expect((await follow(fan, artist.user.id)).json()).toEqual({ following: true, followers: 1 });
      expect((await call(t.app, 'GET', `/api/follows/${artist.user.id}`, { as: fan })).json()).toEqual({ following: true, followers: 1 });
      // The profile answer carries the count, to visitors too, and never the followers' names.
      const profile = await call(t.app, 'GET', `/api/users/${artist.user.id}/profile`);
      expect(profile.json().user.followers).toBe(1);
      expect(profile.body).not.toContain(fan.user.username);
      const other = await createArtist(t.app);
      expect((await call(t.app, 'GET', `/api/follows/${artist.user.id}`, { as: other })).json()).toEqual({ following: false, followers: 1 });
      const gone = await call(t.app, 'DELETE', `/api/follows/${artist.user.id}`, { as: fan });
      expect(gone.json()).toEqual({ following: false, followers: 0 });
      expect((await call(t.app, 'DELETE', `/api/follows/${artist.user.id}`, { as: fan })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', `/api/users/${artist.user.id}/profile`)).json().user.followers).toBe(0);
    });

    it('refuses oneself (400 in the request language), malformed ids (400), unknown, staff and suspended accounts (404)', async () => {
      const [fan, admin] = [await createArtist(t.app), await makeAdmin(t.app, await createArtist(t.app))];
      const self = await follow(fan, fan.user.id, 'de');
      expect(self.statusCode).toBe(400);
      expect(self.json().code).toBe('followSelf');
      expect(self.json().error).toBe('Du kannst dir nicht selbst folgen.');
      expect((await follow(fan, 'abc')).statusCode).toBe(400);
      expect((await follow(fan, 99999999)).statusCode).toBe(404);
      expect((await follow(fan, admin.user.id)).statusCode).toBe(404);
      const suspended = await createStudio(t.app);
      expect((await call(t.app, 'POST', `/api/admin/users/${suspended.user.id}/suspend`, { as: admin, payload: { reason: 'Spam everywhere' } })).statusCode).toBe(200);
      expect((await follow(fan, suspended.user.id)).statusCode).toBe(404);
      const badCursor = await call(t.app, 'GET', '/api/follows/feed?cursor=nope', { as: fan, lang: 'fr' });
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().code).toBe('cursorInvalid');
      const badPreference = await call(t.app, 'PUT', '/api/follows/preferences', { as: fan, payload: { weeklyMail: 'yes' }, lang: 'es' });
      expect(badPreference.statusCode).toBe(400);
      expect(badPreference.json().error).toBe('Elige si quieres el correo semanal.');
    });

    it(`makes one follow of ${PARALLEL} parallel ones, and counts it once`, async () => {
      const [fan, studio] = [await createArtist(t.app), await createStudio(t.app)];
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => follow(fan, studio.user.id)));
      expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
      expect(answers.map((r) => r.json().followers).every((n) => n === 1)).toBe(true);
      const rows = await t.app.ctx.db.selectFrom('follows').select('follower_id').where('followed_id', '=', studio.user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('lists whom I follow and who follows me, keyset paged, each to its owner only', async () => {
      const star = await createArtist(t.app);
      const fans: TestUser[] = [];
      for (let i = 0; i < 22; i++) fans.push(await createArtist(t.app));
      const base = Date.now();
      await t.app.ctx.db
        .insertInto('follows')
        .values(fans.map((f, i) => ({ follower_id: f.user.id, followed_id: star.user.id, created_at: iso(i * 1000, base) })))
        .execute();
      expect((await call(t.app, 'GET', '/api/followers')).statusCode).toBe(401);
      const first = (await call(t.app, 'GET', '/api/followers', { as: star })).json();
      expect(first.users).toHaveLength(20);
      expect(first.users[0]).toMatchObject({ id: fans[0]?.user.id, username: fans[0]?.user.username, userType: 'artist' });
      const second = (await call(t.app, 'GET', `/api/followers?cursor=${encodeURIComponent(first.nextCursor)}`, { as: star })).json();
      expect(second.users.map((u: { id: number }) => u.id)).toEqual([fans[20]?.user.id, fans[21]?.user.id]);
      expect(second.nextCursor).toBeNull();
      // A fan sees only their own lists: whom they follow, and no followers of their own.
      const fan = fans[3] as TestUser;
      expect((await call(t.app, 'GET', '/api/follows', { as: fan })).json().users.map((u: { id: number }) => u.id)).toEqual([star.user.id]);
      expect((await call(t.app, 'GET', '/api/followers', { as: fan })).json().users).toEqual([]);
      expect((await call(t.app, 'GET', '/api/follows')).statusCode).toBe(401);
      // No address lists anyone else's followers.
      expect((await call(t.app, 'GET', `/api/followers/${star.user.id}`, { as: fan })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/users/${star.user.id}/followers`, { as: fan })).statusCode).toBe(404);
    });

    it('removes follows both ways when an account is deleted', async () => {
      const [fan, artist, studio] = [await createArtist(t.app), await createArtist(t.app), await createStudio(t.app)];
      await follow(fan, artist.user.id);
      await follow(studio, fan.user.id);
      const deleted = await call(t.app, 'DELETE', '/api/profile/account', { as: fan, payload: { password: fan.password, confirmation: 'DELETE' } });
      expect(deleted.statusCode).toBe(200);
      const left = await t.app.ctx.db
        .selectFrom('follows')
        .select('followed_id')
        .where((eb) => eb.or([eb('follower_id', '=', fan.user.id), eb('followed_id', '=', fan.user.id)]))
        .execute();
      expect(left).toEqual([]);
      expect((await call(t.app, 'GET', `/api/follows/${artist.user.id}`, { as: studio })).json().followers).toBe(0);
    });
  });

  describe('the feed', () => {
    it('shows the followed accounts’ availabilities, guest spots, agreed stays and pieces, newest first, keyset paged', async () => {
      const [fan, artist, studio, stranger] = [await createStudio(t.app), await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
      expect((await call(t.app, 'GET', '/api/follows/feed')).statusCode).toBe(401);
      await follow(fan, artist.user.id);
      await follow(fan, studio.user.id);
      const base = Date.now();
      const trip = await createAvailability(t.app, artist);
      const spot = await createGuestSpot(t.app, studio);
      await t.app.ctx.db.updateTable('availabilities').set({ created_at: iso(5 * 60_000, base) }).where('id', '=', trip.id).execute();
      await t.app.ctx.db.updateTable('guest_spots').set({ created_at: iso(4 * 60_000, base) }).where('id', '=', spot.id).execute();
      const stay = await insertStay(t.app, artist, studio, iso(3 * 60_000, base));
      await insertStay(t.app, artist, studio, iso(2 * 60_000, base), 'cancelled');
      // The follower's own stay with someone followed is no news to them.
      await insertStay(t.app, artist, fan, iso(2 * 60_000, base));
      // Pieces at one instant: the keyset must page through ties.
      const tie = iso(60_000, base);
      const pieces: number[] = [];
      for (let i = 0; i < 23; i++) pieces.push(await insertPiece(t.app, artist, tie, `Piece ${i}`));
      // Nothing from someone not followed.
      await insertPiece(t.app, stranger, iso(0, base));
      await createAvailability(t.app, stranger);

      const items: FeedItem[] = [];
      let page = await feed(fan);
      items.push(...page.items);
      expect(page.items).toHaveLength(20);
      while (page.nextCursor) {
        page = await feed(fan, page.nextCursor);
        items.push(...page.items);
      }
      expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([
        ...[...pieces].reverse().map((id) => `portfolio:${id}`),
        `stay:${stay}`,
        `guest_spot:${spot.id}`,
        `availability:${trip.id}`,
      ]);
      const [piece] = items;
      expect(piece).toMatchObject({ kind: 'portfolio', title: 'Piece 22', owner: { id: artist.user.id, userType: 'artist' } });
      expect(piece?.thumbnail).toMatch(/-thumb\.webp$/);
      expect(items.find((i) => i.kind === 'stay')).toMatchObject({ title: studio.user.name, owner: { id: artist.user.id }, startDate: day(20), place: 'Berlin' });
      expect(items.find((i) => i.kind === 'guest_spot')?.url).toBe(`/guestspot/${spot.slug}`);
      expect(items.find((i) => i.kind === 'availability')?.url).toBe(`/tattooartist/${trip.slug}`);
      // The followed studio alone still brings the stay, once.
      await call(t.app, 'DELETE', `/api/follows/${artist.user.id}`, { as: fan });
      const studioOnly = await feed(fan);
      expect(studioOnly.items.map((i) => `${i.kind}:${i.id}`)).toEqual([`stay:${stay}`, `guest_spot:${spot.id}`]);
      expect(studioOnly.items[0]?.owner.id).toBe(studio.user.id);
      expect(studioOnly.items[0]?.title).toBe(artist.user.name);
    });
  });

  describe('the weekly mail', () => {
    it('mails a follower who chose it once a week, at most ten items and the rest counted, with the one-click unsubscribe', async () => {
      const [fan, artist, quiet] = [await createStudio(t.app), await createArtist(t.app), await createStudio(t.app)];
      await t.app.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', fan.user.id).execute();
      await follow(fan, artist.user.id);
      await follow(quiet, artist.user.id);
      expect((await call(t.app, 'GET', '/api/follows/preferences', { as: fan })).json()).toEqual({ weeklyMail: false });
      expect((await call(t.app, 'PUT', '/api/follows/preferences', { as: fan, payload: { weeklyMail: true } })).json()).toEqual({ weeklyMail: true });
      expect((await call(t.app, 'PUT', '/api/follows/preferences', { payload: { weeklyMail: true } })).statusCode).toBe(401);
      // A Wednesday: the pieces of the last seven days count, an older one does not.
      const now = new Date('2031-03-12T09:00:00.000Z');
      for (let i = 0; i < 12; i++) await insertPiece(t.app, artist, iso((i + 1) * DAY_MS / 2, now.getTime()), `Piece ${i}`);
      await insertPiece(t.app, artist, iso(8 * DAY_MS, now.getTime()), 'Too old');
      const sent: Mail[] = [];
      const mailer = { send: async (mail: Mail) => void sent.push(mail) };
      const runs = await Promise.all([1, 2, 3].map(() => runFollowMail({ ...t.app.ctx, mailer }, now)));
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
      const ours = sent.filter((m) => m.to === fan.email || m.to === quiet.email);
      expect(ours.map((m) => m.to)).toEqual([fan.email]);
      const [mail] = ours as [Mail];
      expect(mail.subject).toContain('Woche');
      expect(mail.text).toContain('Und 2 weitere');
      expect(mail.text).not.toContain('Too old');
      expect(mail.text.match(/neues Werk/g)).toHaveLength(10);
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = /<([^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] as string;
      expect(oneClick).toContain('/api/follows/unsubscribe/');

      // Later the same week: nothing again. The next week: again.
      await runFollowMail({ ...t.app.ctx, mailer }, new Date('2031-03-16T20:00:00.000Z'));
      expect(sent.filter((m) => m.to === fan.email)).toHaveLength(1);
      await runFollowMail({ ...t.app.ctx, mailer }, new Date('2031-03-17T08:00:00.000Z'));
      expect(sent.filter((m) => m.to === fan.email)).toHaveLength(2);

      // The RFC 8058 POST, without a session, turns it off.
      const path = new URL(oneClick).pathname;
      const bad = await t.app.inject({ method: 'POST', url: '/api/follows/unsubscribe/1.nope' });
      expect(bad.statusCode).toBe(400);
      const post = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(post.statusCode).toBe(200);
      expect(post.json()).toMatchObject({ weeklyMail: false });
      expect((await call(t.app, 'GET', '/api/follows/preferences', { as: fan })).json()).toEqual({ weeklyMail: false });
      await runFollowMail({ ...t.app.ctx, mailer }, new Date('2031-03-24T08:00:00.000Z'));
      expect(sent.filter((m) => m.to === fan.email)).toHaveLength(2);
    });
  });
});
