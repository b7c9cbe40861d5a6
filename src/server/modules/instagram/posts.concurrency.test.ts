import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { creditBalances, grantCredit } from './credits';

const PARALLEL = 50;
const DAY = 86_400_000;

describeEachEngine('planned posts under parallel requests', (engine) => {
  const t = useTestApp(engine);
  const db = () => t.app.ctx.db;
  const now = new Date().toISOString();

  const featuredUser = async (): Promise<TestUser> => {
    const user = await createArtist(t.app);
    await db().updateTable('users').set({ featured_until: new Date(Date.now() + 30 * DAY).toISOString() }).where('id', '=', user.user.id).execute();
    return user;
  };
  const insertPosts = async (userId: number, count: number, status: string): Promise<number[]> => {
    const rows = await db()
      .insertInto('instagram_posts')
      .values(Array.from({ length: count }, () => ({ user_id: userId, type: 'feed_post', status, planned_at: status === 'planned' ? new Date(Date.now() + DAY).toISOString() : null, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  };
  const call = (user: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/instagram${url}`, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it('never passes 100 upcoming posts', async () => {
    const user = await featuredUser();
    await insertPosts(user.user.id, 80, 'draft');
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => call(user, 'POST', '/posts', { type: 'story', caption: `Nr. ${i}` })));
    expect(statuses(answers)).toEqual([...Array(20).fill(201), ...Array(30).fill(409)]);
    const count = await db().selectFrom('instagram_posts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);
  });

  it('spends each credit once across many posts', async () => {
    const user = await featuredUser();
    await grantCredit(db(), user.user.id, 'instagram_reel', 3);
    const posts = await insertPosts(user.user.id, PARALLEL, 'planned');
    const answers = await Promise.all(posts.map((id) => call(user, 'POST', `/posts/${id}/promotion`, { productType: 'instagram_reel' })));
    expect(statuses(answers)).toEqual([...Array(3).fill(200), ...Array(47).fill(409)]);
    expect((await creditBalances(db(), user.user.id)).instagram_reel).toBe(0);
    const filed = await db().selectFrom('post_promotions').select('id').where('user_id', '=', user.user.id).execute();
    expect(filed).toHaveLength(3);
  });

  it('books one promotion of a kind per post, and the refused ones cost nothing', async () => {
    const user = await featuredUser();
    await grantCredit(db(), user.user.id, 'instagram_story', PARALLEL);
    const [post] = (await insertPosts(user.user.id, 1, 'planned')) as [number];
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(user, 'POST', `/posts/${post}/promotion`, { productType: 'instagram_story' })));
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(409)]);
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(PARALLEL - 1);
  });

  it('returns a waiting promotion’s credit once when the post is deleted in parallel', async () => {
    const user = await featuredUser();
    await grantCredit(db(), user.user.id, 'instagram_feed_post');
    const [post] = (await insertPosts(user.user.id, 1, 'planned')) as [number];
    expect((await call(user, 'POST', `/posts/${post}/promotion`, { productType: 'instagram_feed_post' })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(user, 'DELETE', `/posts/${post}`)));
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(404)]);
    expect((await creditBalances(db(), user.user.id)).instagram_feed_post).toBe(1);
  });

  it('decides a promotion once: parallel rejections and a deletion return one credit', async () => {
    const user = await featuredUser();
    await grantCredit(db(), user.user.id, 'instagram_story');
    const [post] = (await insertPosts(user.user.id, 1, 'planned')) as [number];
    const spent = await call(user, 'POST', `/posts/${post}/promotion`, { productType: 'instagram_story' });
    const promotionId = spent.json().post.promotion.id as number;
    const results = await Promise.allSettled([
      ...Array.from({ length: PARALLEL - 1 }, () => t.app.services.instagram.decidePromotion(promotionId, 'rejected')),
      call(user, 'DELETE', `/posts/${post}`),
    ]);
    const decided = results.slice(0, -1).filter((r) => r.status === 'fulfilled');
    expect(decided.length).toBeLessThanOrEqual(1);
    expect((await creditBalances(db(), user.user.id)).instagram_story).toBe(1);
  });
});
