import { expect, it } from 'vitest';
import { averageRating } from '../../../common/schemas/reviews';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';
import { DEMO_PEOPLE, DEMO_EMAIL_DOMAIN } from './index';
import { DEMO_REVIEWS, seedDemoReviews } from './reviews';

describeEachEngine('demo reviews', (engine) => {
  const t = useTestApp(engine, async ({ app }) => {
    // The accounts alone, without the demo's pictures: the reviews need nothing else.
    await insertBareUsers(
      app,
      DEMO_PEOPLE.map((p) => ({ username: p.username, usernameKey: p.username.toLowerCase(), email: `${p.email}@${DEMO_EMAIL_DOMAIN}`, name: p.name, type: p.type })),
    );
  });

  it('writes each review once across the account types, with the ratings kept on the user rows', async () => {
    await seedDemoReviews(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    await seedDemoReviews(t.app.ctx.db, DEMO_EMAIL_DOMAIN);
    const db = t.app.ctx.db;
    const rows = await db
      .selectFrom('reviews')
      .innerJoin('users as a', 'a.id', 'reviews.reviewer_id')
      .innerJoin('users as b', 'b.id', 'reviews.reviewed_id')
      .select(['reviews.id', 'reviews.created_at', 'a.user_type as from_type', 'b.user_type as to_type'])
      .orderBy('reviews.id')
      .execute();
    expect(rows).toHaveLength(DEMO_REVIEWS.length);
    for (const row of rows) expect(row.from_type).not.toBe(row.to_type);
    // Ids grow with the dates, as lists read them newest first by id.
    expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort());

    const lena = await db.selectFrom('users').select(['id', 'rating_sum', 'rating_count']).where('email_key', '=', `lena@${DEMO_EMAIL_DOMAIN}`).executeTakeFirstOrThrow();
    const given = DEMO_REVIEWS.filter((r) => r.to === 'lena');
    expect(lena).toMatchObject({ rating_count: given.length, rating_sum: given.reduce((s, r) => s + r.rating, 0) });
    const stats = (await t.app.inject({ url: `/api/reviews/stats/${lena.id}` })).json();
    expect(stats).toEqual({ success: true, totalReviews: given.length, averageRating: averageRating(lena.rating_sum, lena.rating_count) });
  });
});
