import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';

const PARALLEL = 50;

describeEachEngine('reviews under concurrency', (engine) => {
  const t = useTestApp(engine);
  const ratingOf = (id: number) => t.app.ctx.db.selectFrom('users').select(['rating_sum', 'rating_count']).where('id', '=', id).executeTakeFirstOrThrow();

  it(`makes one review of ${PARALLEL} parallel first reviews of a pair, counted once`, async () => {
    const studio = await createStudio(t.app);
    const artist = await createArtist(t.app);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(t.app, 'POST', '/api/reviews/simple', { as: studio, payload: { reviewerId: studio.user.id, reviewedId: artist.user.id, rating: (i % 5) + 1 } }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PARALLEL - 1);
    const rows = await t.app.ctx.db.selectFrom('reviews').select(['id', 'rating']).where('reviewed_id', '=', artist.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().review.id))).toEqual(new Set([rows[0]?.id]));
    // Whichever write came last, the kept sum is that review's rating.
    expect(await ratingOf(artist.user.id)).toEqual({ rating_sum: rows[0]?.rating, rating_count: 1 });
  });

  it(`counts ${PARALLEL} parallel reviews of one user by different reviewers exactly`, async () => {
    const artist = await createArtist(t.app);
    const studios: TestUser[] = [];
    for (let i = 0; i < PARALLEL; i++) studios.push(await createStudio(t.app));
    const answers = await Promise.all(
      studios.map((s, i) => call(t.app, 'POST', '/api/reviews/simple', { as: s, payload: { reviewerId: s.user.id, reviewedId: artist.user.id, rating: (i % 5) + 1 } })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const expectedSum = studios.reduce((sum, _, i) => sum + (i % 5) + 1, 0);
    expect(await ratingOf(artist.user.id)).toEqual({ rating_sum: expectedSum, rating_count: PARALLEL });

    // And deleting them all at once takes every one off.
    const ids = answers.map((r) => r.json().review.id as number);
    const deletions = await Promise.all(ids.map((id, i) => call(t.app, 'DELETE', `/api/reviews/${id}`, { as: studios[i] })));
    expect(deletions.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(200));
    expect(await ratingOf(artist.user.id)).toEqual({ rating_sum: 0, rating_count: 0 });
  });

  it(`deletes a review once when its reviewer sends ${PARALLEL} deletions at once`, async () => {
    const studio = await createStudio(t.app);
    const artist = await createArtist(t.app);
    const id = (await call(t.app, 'POST', '/api/reviews/simple', { as: studio, payload: { reviewerId: studio.user.id, reviewedId: artist.user.id, rating: 3 } })).json().review.id;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(t.app, 'DELETE', `/api/reviews/${id}`, { as: studio })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(PARALLEL - 1);
    expect(await ratingOf(artist.user.id)).toEqual({ rating_sum: 0, rating_count: 0 });
  });
});
