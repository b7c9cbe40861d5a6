import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { creditBalances, findPromotablePost, grantCredit, spendOnPost } from './credits';

describeEachEngine('promotion credits', (engine) => {
  let user: TestUser;
  let other: TestUser;
  const t = useTestApp(engine, async () => {
    [user, other] = [await createArtist(t.app), await createArtist(t.app)];
  });
  const db = () => t.app.ctx.db;
  const now = new Date().toISOString();
  const insertPost = async (userId: number, status: string) =>
    (await db().insertInto('instagram_posts').values({ user_id: userId, type: 'feed_post', status, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;

  it('answers every kind, zero for the kinds never had', async () => {
    expect(await creditBalances(db(), user.user.id)).toEqual({ instagram_feed_post: 0, instagram_story: 0, instagram_reel: 0 });
  });

  it('adds credits by increments, inside a caller’s transaction too', async () => {
    await grantCredit(db(), user.user.id, 'instagram_story');
    await grantCredit(db(), user.user.id, 'instagram_story', 2);
    await db().transaction().execute(async (trx) => {
      await grantCredit(trx, user.user.id, 'instagram_reel');
      await grantCredit(trx, user.user.id, 'instagram_story');
    });
    expect(await creditBalances(db(), user.user.id)).toEqual({ instagram_feed_post: 0, instagram_story: 4, instagram_reel: 1 });
    // A transaction that fails leaves nothing behind.
    await expect(
      db().transaction().execute(async (trx) => {
        await grantCredit(trx, user.user.id, 'instagram_reel', 5);
        throw new Error('payment failed later');
      }),
    ).rejects.toThrow('payment failed later');
    expect((await creditBalances(db(), user.user.id)).instagram_reel).toBe(1);
    expect((await creditBalances(db(), other.user.id)).instagram_story).toBe(0);
  });

  it('spends one credit and files the request; refuses without a credit and a second of a kind, costing nothing', async () => {
    const postId = await insertPost(other.user.id, 'planned');
    await expect(spendOnPost(db(), { userId: other.user.id, postId, productType: 'instagram_feed_post' })).rejects.toMatchObject({ status: 409, code: 'promotionNoCredit' });
    expect(await db().selectFrom('post_promotions').select('id').where('post_id', '=', postId).execute()).toEqual([]);

    await grantCredit(db(), other.user.id, 'instagram_feed_post', 2);
    await db().transaction().execute((trx) => spendOnPost(trx, { userId: other.user.id, postId, productType: 'instagram_feed_post', orderId: '0b8e8c1e-1c4b-4c36-9d4c-1d1f9f1d2a11' }));
    const filed = await db().selectFrom('post_promotions').selectAll().where('post_id', '=', postId).execute();
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ user_id: other.user.id, product_type: 'instagram_feed_post', status: 'requested', order_id: '0b8e8c1e-1c4b-4c36-9d4c-1d1f9f1d2a11', decided_at: null });
    expect((await creditBalances(db(), other.user.id)).instagram_feed_post).toBe(1);

    // The same kind again: the index refuses it, and the credit taken is put back, even when the caller goes on.
    await db().transaction().execute(async (trx) => {
      await expect(spendOnPost(trx, { userId: other.user.id, postId, productType: 'instagram_feed_post' })).rejects.toMatchObject({ status: 409, code: 'promotionExists' });
    });
    expect((await creditBalances(db(), other.user.id)).instagram_feed_post).toBe(1);
    expect(await db().selectFrom('post_promotions').select('id').where('post_id', '=', postId).execute()).toHaveLength(1);
  });

  it('finds only the user’s own planned post', async () => {
    const planned = await insertPost(user.user.id, 'planned');
    const draft = await insertPost(user.user.id, 'draft');
    const published = await insertPost(user.user.id, 'published');
    expect(await findPromotablePost(db(), user.user.id, planned)).toMatchObject({ id: planned, user_id: user.user.id, status: 'planned', type: 'feed_post' });
    expect(await findPromotablePost(db(), other.user.id, planned)).toBeUndefined();
    expect(await findPromotablePost(db(), user.user.id, draft)).toBeUndefined();
    expect(await findPromotablePost(db(), user.user.id, published)).toBeUndefined();
    expect(await findPromotablePost(db(), user.user.id, 2147483647)).toBeUndefined();
    // Inside a transaction (it locks the row on PostgreSQL).
    expect(await db().transaction().execute((trx) => findPromotablePost(trx, user.user.id, planned))).toMatchObject({ id: planned });
  });
});
