import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_PAGE_SIZE } from '../../../common/schemas/reviews';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, makeAdmin } from '../../test/listing-factories';
import { givePictures } from '../../test/pictures';

const REVIEW_KEYS = ['can', 'comment', 'createdAt', 'id', 'rating', 'reviewedId', 'reviewer', 'reviewerId', 'updatedAt', 'verifiedStay'];
const REVIEWER_KEYS = ['avatar', 'id', 'name', 'userType', 'username'];

describeEachEngine('reviews', (engine) => {
  const t = useTestApp(engine);

  const post = (as: TestUser | null, payload: Record<string, unknown>, lang = 'en') => call(t.app, 'POST', '/api/reviews/simple', { as, payload, lang });
  const review = (from: TestUser, to: TestUser, rating: number, comment?: string | null) =>
    post(from, { reviewerId: from.user.id, reviewedId: to.user.id, rating, ...(comment === undefined ? {} : { comment }) });
  const ratingOf = async (user: TestUser) =>
    t.app.ctx.db.selectFrom('users').select(['rating_sum', 'rating_count']).where('id', '=', user.user.id).executeTakeFirstOrThrow();

  describe('writing', () => {
    let artist: TestUser;
    let studio: TestUser;
    let otherArtist: TestUser;
    beforeAll(async () => {
      [artist, studio, otherArtist] = [await createArtist(t.app), await createStudio(t.app), await createArtist(t.app)];
    });

    it('creates a review (201), then edits the pair’s review (200), keeping one row and adjusting the sum', async () => {
      const first = await review(studio, artist, 4, '  Great guest, clean work.  ');
      expect(first.statusCode).toBe(201);
      const created = first.json().review;
      expect(Object.keys(created).sort()).toEqual(REVIEW_KEYS);
      expect(Object.keys(created.reviewer).sort()).toEqual(REVIEWER_KEYS);
      expect(created).toMatchObject({ reviewerId: studio.user.id, reviewedId: artist.user.id, rating: 4, comment: 'Great guest, clean work.' });
      expect(created.reviewer).toMatchObject({ id: studio.user.id, username: studio.user.username, userType: 'studio' });
      expect(created.can).toEqual({ edit: true, delete: true });
      expect(await ratingOf(artist)).toEqual({ rating_sum: 4, rating_count: 1 });

      const edited = await review(studio, artist, 2, '   ');
      expect(edited.statusCode).toBe(200);
      expect(edited.json().review).toMatchObject({ id: created.id, rating: 2, comment: null, createdAt: created.createdAt });
      expect(await ratingOf(artist)).toEqual({ rating_sum: 2, rating_count: 1 });
      const rows = await t.app.ctx.db.selectFrom('reviews').selectAll().where('reviewed_id', '=', artist.user.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses visitors (401), someone else’s name (403), oneself, the same type and a block (403 saying why)', async () => {
      const visitor = await post(null, { reviewerId: studio.user.id, reviewedId: artist.user.id, rating: 5 });
      expect(visitor.statusCode).toBe(401);

      const mismatch = await post(otherArtist, { reviewerId: studio.user.id, reviewedId: artist.user.id, rating: 5 });
      expect(mismatch.statusCode).toBe(403);
      expect(mismatch.json()).toMatchObject({ success: false, error: 'You can only write reviews in your own name.' });

      const self = await review(artist, artist, 5);
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ error: 'You cannot review yourself.' });

      const sameType = await review(otherArtist, artist, 5);
      expect(sameType.statusCode).toBe(403);
      expect(sameType.json()).toMatchObject({ error: 'Artists can only review studios, and studios only artists.' });

      const blocker = await createStudio(t.app);
      await t.app.ctx.db.insertInto('blocks').values({ blocker_id: artist.user.id, blocked_id: blocker.user.id, created_at: new Date().toISOString() }).execute();
      const blockedOneWay = await review(blocker, artist, 5);
      expect(blockedOneWay.statusCode).toBe(403);
      expect(blockedOneWay.json()).toMatchObject({ error: 'You can’t review this user.' });
      // The other way round too: the blocker cannot review the one it blocked.
      const blockedOtherWay = await review(artist, blocker, 5);
      expect(blockedOtherWay.statusCode).toBe(403);
      expect(await ratingOf(artist)).toEqual({ rating_sum: 2, rating_count: 1 });
    });

    it('answers a missing or out-of-range rating with 400 in the request’s language', async () => {
      for (const rating of [undefined, 0, 6, 3.5, '4', null]) {
        const res = await post(studio, { reviewerId: studio.user.id, reviewedId: artist.user.id, ...(rating === undefined ? {} : { rating }) });
        expect(res.statusCode, String(rating)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: 'Please select a rating (1-5 stars)', code: 'ratingRequired' });
      }
      const german = await post(studio, { reviewerId: studio.user.id, reviewedId: artist.user.id }, 'de');
      expect(german.statusCode).toBe(400);
      expect(german.json().error).not.toBe('Please select a rating (1-5 stars)');
    });

    it('keeps comments up to 2,000 characters and refuses longer ones, malformed bodies and unknown users', async () => {
      const reviewer = await createStudio(t.app);
      const long = await review(reviewer, artist, 3, 'x'.repeat(2001));
      expect(long.statusCode).toBe(400);
      const exact = await review(reviewer, artist, 3, `  ${'x'.repeat(2000)}  `);
      expect(exact.statusCode).toBe(201);
      expect(exact.json().review.comment).toHaveLength(2000);
      expect((await post(reviewer, { reviewerId: 'me', reviewedId: artist.user.id, rating: 3 })).statusCode).toBe(400);
      expect((await post(reviewer, { reviewerId: reviewer.user.id, reviewedId: 0, rating: 3 })).statusCode).toBe(400);
      const unknown = await post(reviewer, { reviewerId: reviewer.user.id, reviewedId: 99_999_999, rating: 3 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('userNotFound');
      const control = await review(reviewer, artist, 3, 'bad\u0007bell');
      expect(control.statusCode).toBe(400);
    });

    it('returns a <script> comment as the plain text it was, never changed into markup', async () => {
      const reviewer = await createStudio(t.app);
      const text = '<script>alert("x")</script>\nSecond line & more';
      const res = await review(reviewer, artist, 5, text);
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().review.comment).toBe(text);
      const list = await call(t.app, 'GET', `/api/reviews/user/${artist.user.id}`);
      expect(list.json().reviews.find((r: { id: number }) => r.id === res.json().review.id).comment).toBe(text);
    });
  });

  describe('reading', () => {
    let artist: TestUser;
    let studios: TestUser[];
    beforeAll(async () => {
      artist = await createArtist(t.app);
      studios = [];
      for (let i = 0; i < 4; i++) studios.push(await createStudio(t.app));
    });

    it('rounds the average half up to one decimal (17 / 4 = 4.25 gives 4.3) in list, stats and profile', async () => {
      for (const [i, rating] of [5, 4, 4, 4].entries()) expect((await review(studios[i] as TestUser, artist, rating)).statusCode).toBe(201);
      const list = await call(t.app, 'GET', `/api/reviews/user/${artist.user.id}`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ totalReviews: 4, averageRating: 4.3, nextCursor: null });
      // Newest first.
      expect(list.json().reviews.map((r: { reviewerId: number }) => r.reviewerId)).toEqual([...studios].reverse().map((s) => s.user.id));
      expect(list.json().reviews[0].can).toEqual({ edit: false, delete: false });

      const stats = await call(t.app, 'GET', `/api/reviews/stats/${artist.user.id}`);
      expect(stats.json()).toEqual({ success: true, totalReviews: 4, averageRating: 4.3 });

      const profile = await call(t.app, 'GET', `/api/users/${artist.user.id}/profile`);
      expect(profile.json().user).toMatchObject({ averageRating: 4.3, totalReviews: 4, reviewsCount: 4 });
      const own = await call(t.app, 'GET', '/api/profile/me', { as: artist });
      expect(own.json().user).toMatchObject({ averageRating: 4.3, reviewsCount: 4 });
    });

    it('answers 0 without reviews, 404 for an unknown user and 400 for a malformed id or cursor', async () => {
      const fresh = await createStudio(t.app);
      expect((await call(t.app, 'GET', `/api/reviews/user/${fresh.user.id}`)).json()).toEqual({ reviews: [], totalReviews: 0, averageRating: 0, nextCursor: null });
      expect((await call(t.app, 'GET', `/api/reviews/stats/${fresh.user.id}`)).json()).toEqual({ success: true, totalReviews: 0, averageRating: 0 });
      for (const path of ['user', 'stats']) {
        expect((await call(t.app, 'GET', `/api/reviews/${path}/99999999`)).statusCode).toBe(404);
        expect((await call(t.app, 'GET', `/api/reviews/${path}/abc`)).statusCode).toBe(400);
        expect((await call(t.app, 'GET', `/api/reviews/${path}/-1`)).statusCode).toBe(400);
      }
      expect((await call(t.app, 'GET', `/api/reviews/user/${fresh.user.id}?cursor=x`)).statusCode).toBe(400);
    });

    it('pages by cursor, 20 at a time, newest first', async () => {
      const popular = await createStudio(t.app);
      const now = new Date().toISOString();
      const extra = await t.app.ctx.db
        .insertInto('users')
        .values(
          Array.from({ length: REVIEWS_PAGE_SIZE + 5 }, (_, i) => ({
            username: `pager_${engine}_${i}`, username_key: `pager_${engine}_${i}`, email: `pager${engine}${i}@example.test`,
            email_key: `pager${engine}${i}@example.test`, password_hash: 'x', name: `Pager ${i}`, user_type: 'artist',
            featured_until: null, avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
            country_id: null, city_name: null, country_name: null, gender: null, experience: null, instagram: null,
            facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null, pinterest: null, twitter: null,
            website: null, created_at: now, updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await t.app.ctx.db
        .insertInto('reviews')
        .values(extra.map((u) => ({ reviewer_id: u.id, reviewed_id: popular.user.id, rating: 3, comment: null, created_at: now, updated_at: now })))
        .execute();
      const first = (await call(t.app, 'GET', `/api/reviews/user/${popular.user.id}`)).json();
      expect(first.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
      expect(first.nextCursor).toBe(first.reviews[REVIEWS_PAGE_SIZE - 1].id);
      const second = (await call(t.app, 'GET', `/api/reviews/user/${popular.user.id}?cursor=${first.nextCursor}`)).json();
      expect(second.reviews).toHaveLength(5);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.reviews, ...second.reviews].map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(REVIEWS_PAGE_SIZE + 5);
    });

    it('checks whether the viewer reviewed and may review, for logged-in users only', async () => {
      const studio = studios[0] as TestUser;
      expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`)).statusCode).toBe(401);
      const mine = (await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: studio })).json();
      expect(mine).toMatchObject({ hasReviewed: true, canReview: true, reason: null });
      expect(mine.review).toMatchObject({ reviewerId: studio.user.id, rating: 5, can: { edit: true, delete: true } });

      const fresh = await createStudio(t.app);
      expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: fresh })).json()).toEqual({
        hasReviewed: false, review: null, canReview: true, reason: null,
      });
      expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: artist })).json()).toMatchObject({ canReview: false, reason: 'self' });
      const peer = await createArtist(t.app);
      expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: peer })).json()).toMatchObject({ canReview: false, reason: 'same_type' });
      await t.app.ctx.db.insertInto('blocks').values({ blocker_id: fresh.user.id, blocked_id: artist.user.id, created_at: new Date().toISOString() }).execute();
      expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: fresh })).json()).toMatchObject({ canReview: false, reason: 'blocked' });
      expect((await call(t.app, 'GET', '/api/reviews/check/99999999', { as: fresh })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/reviews/check/x', { as: fresh })).statusCode).toBe(400);
    });
  });

  describe('deleting', () => {
    let artist: TestUser;
    let studio: TestUser;
    beforeAll(async () => {
      artist = await createArtist(t.app);
      studio = await createStudio(t.app);
    });

    it('lets the reviewer delete, refuses visitors (401) and others (403), and answers 404 when gone', async () => {
      const id = (await review(studio, artist, 4)).json().review.id;
      expect(await ratingOf(artist)).toEqual({ rating_sum: 4, rating_count: 1 });
      expect((await call(t.app, 'DELETE', `/api/reviews/${id}`)).statusCode).toBe(401);
      expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { as: artist })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { as: await createStudio(t.app) })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { as: studio })).statusCode).toBe(200);
      expect(await ratingOf(artist)).toEqual({ rating_sum: 0, rating_count: 0 });
      const again = await call(t.app, 'DELETE', `/api/reviews/${id}`, { as: studio });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('reviewNotFound');
      expect((await call(t.app, 'DELETE', '/api/reviews/abc', { as: studio })).statusCode).toBe(400);
    });

    it('lets an admin delete anyone’s review, and tells the viewer so through can', async () => {
      const admin = await makeAdmin(t.app, await createArtist(t.app));
      const id = (await review(studio, artist, 5)).json().review.id;
      const seen = (await call(t.app, 'GET', `/api/reviews/user/${artist.user.id}`, { as: admin })).json().reviews[0];
      expect(seen.can).toEqual({ edit: false, delete: true });
      expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { as: admin })).statusCode).toBe(200);
      expect(await ratingOf(artist)).toEqual({ rating_sum: 0, rating_count: 0 });
    });

    it('takes a deleted account’s reviews off the others’ ratings, and removes those it received', async () => {
      const leaving = await createStudio(t.app);
      const stays = await createStudio(t.app);
      const second = await createArtist(t.app);
      expect((await review(leaving, artist, 1)).statusCode).toBe(201);
      expect((await review(leaving, second, 2)).statusCode).toBe(201);
      expect((await review(stays, artist, 5)).statusCode).toBe(201);
      expect((await review(artist, leaving, 3)).statusCode).toBe(201);
      expect(await ratingOf(artist)).toEqual({ rating_sum: 6, rating_count: 2 });

      const res = await call(t.app, 'DELETE', '/api/profile/account', { as: leaving, payload: { password: leaving.password } });
      expect(res.statusCode).toBe(200);
      expect(await ratingOf(artist)).toEqual({ rating_sum: 5, rating_count: 1 });
      expect(await ratingOf(second)).toEqual({ rating_sum: 0, rating_count: 0 });
      const left = await t.app.ctx.db
        .selectFrom('reviews')
        .select('id')
        .where((eb) => eb.or([eb('reviewer_id', '=', leaving.user.id), eb('reviewed_id', '=', leaving.user.id)]))
        .execute();
      expect(left).toEqual([]);
      expect((await call(t.app, 'GET', `/api/reviews/stats/${artist.user.id}`)).json()).toMatchObject({ totalReviews: 1, averageRating: 5 });
    });
  });

  describe('ratings elsewhere', () => {
    it('shows a new review on the featured cards and the artist list at once, despite their cache', async () => {
      const artist = await createArtist(t.app);
      const studio = await createStudio(t.app);
      const until = new Date(Date.now() + 86_400_000).toISOString();
      await t.app.ctx.db.updateTable('users').set({ featured_until: until }).where('id', 'in', [artist.user.id, studio.user.id]).execute();
      await givePictures(t.app, [artist, studio]);
      const featured = async () => (await call(t.app, 'GET', '/api/featured/artists?limit=12')).json();
      const cardOf = (body: { artists: { id: number; rating: unknown }[] }) => body.artists.find((a) => a.id === artist.user.id);
      expect(cardOf(await featured())?.rating).toEqual({ average: 0, count: 0 });
      expect((await review(studio, artist, 4)).statusCode).toBe(201);
      expect(cardOf(await featured())?.rating).toEqual({ average: 4, count: 1 });

      const list = (await call(t.app, 'GET', '/api/artists?limit=48')).json();
      const item = list.items.find((a: { id: number }) => a.id === artist.user.id);
      expect(item.rating).toEqual({ average: 4, count: 1 });
    });
  });
});
