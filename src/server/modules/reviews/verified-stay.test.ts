import { beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, day } from '../../test/listing-factories';

/** A stay written straight into its table, as the deals module would have made it. */
async function insertStay(app: FastifyInstance, artist: TestUser, studio: TestUser, from: number, to: number, status = 'confirmed') {
  await app.ctx.db
    .insertInto('stays')
    .values({
      artist_id: artist.user.id, studio_id: studio.user.id, guest_spot_id: null, request_id: null, start_date: day(from), end_date: day(to),
      city_name: null, terms: null, status, created_at: new Date().toISOString(), cancelled_at: null, cancel_reason: null, cancelled_by: null,
    })
    .execute();
}

describeEachEngine('reviews with a verified stay', (engine) => {
  const t = useTestApp(engine);
  let artist: TestUser;
  let studio: TestUser;
  beforeAll(async () => {
    [artist, studio] = [await createArtist(t.app), await createStudio(t.app)];
  });

  const review = (from: TestUser, to: TestUser) => call(t.app, 'POST', '/api/reviews/simple', { as: from, payload: { reviewerId: from.user.id, reviewedId: to.user.id, rating: 5 } });
  const listed = async (of: TestUser) => (await call(t.app, 'GET', `/api/reviews/user/${of.user.id}`)).json().reviews;

  it('carries no mark without a completed stay: none, a stay still to come, or a cancelled one', async () => {
    const saved = await review(studio, artist);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().review.verifiedStay).toBeNull();
    await insertStay(t.app, artist, studio, -1, 3);
    await insertStay(t.app, artist, studio, 20, 30);
    await insertStay(t.app, artist, studio, -40, -30, 'cancelled');
    expect((await listed(artist))[0].verifiedStay).toBeNull();
    expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: studio })).json().review.verifiedStay).toBeNull();
  });

  it('marks reviews both ways once a stay ended, with the latest completed stay’s month, in list, check and save', async () => {
    await insertStay(t.app, artist, studio, -120, -110);
    await insertStay(t.app, artist, studio, -50, -45);
    const month = day(-50).slice(0, 7);
    expect((await listed(artist))[0].verifiedStay).toEqual({ month });
    expect((await call(t.app, 'GET', `/api/reviews/check/${artist.user.id}`, { as: studio })).json().review.verifiedStay).toEqual({ month });
    const back = await review(artist, studio);
    expect(back.statusCode).toBe(201);
    expect(back.json().review.verifiedStay).toEqual({ month });
    expect((await listed(studio))[0].verifiedStay).toEqual({ month });
  });

  it('marks only the pair that stayed: another studio’s review of the same artist stays unmarked', async () => {
    const other = await createStudio(t.app);
    expect((await review(other, artist)).json().review.verifiedStay).toBeNull();
    const reviews = await listed(artist);
    const byReviewer = new Map(reviews.map((r: { reviewerId: number; verifiedStay: unknown }) => [r.reviewerId, r.verifiedStay]));
    expect(byReviewer.get(other.user.id)).toBeNull();
    expect(byReviewer.get(studio.user.id)).toEqual({ month: day(-50).slice(0, 7) });
  });
});
