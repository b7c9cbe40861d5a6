import { expect, it } from 'vitest';
import { usernameKey } from '../../../common/username';
import { hashPassword } from '../../modules/auth/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { insertBareUsers, sessionCookie } from '../../test/factories';
import { DEMO_EMAIL_DOMAIN, DEMO_LOGINS, DEMO_PASSWORD, DEMO_PEOPLE } from './index';
import { seedDemoPurchases } from './payments';
import { seedDemoPosts } from './posts';

const DAY_MS = 86_400_000;

describeEachEngine('demo purchases and planned posts', (engine) => {
  let started = 0;
  const t = useTestApp(engine, async () => {
    // The demo accounts alone, without pictures: purchases and posts need only the accounts.
    await insertBareUsers(
      t.app,
      DEMO_PEOPLE.map((p) => ({ username: p.username, usernameKey: usernameKey(p.username), email: `${p.email}@${DEMO_EMAIL_DOMAIN}`, name: p.name, type: p.type })),
    );
    // The two demo logins can log in, as after the full seed.
    await t.app.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('email_key', 'in', [DEMO_LOGINS.artist.email, DEMO_LOGINS.studio.email])
      .execute();
    started = Date.now();
    await seedDemoPurchases(t.app.ctx.db, t.config, DEMO_EMAIL_DOMAIN);
    await seedDemoPosts(t.app.ctx.db, t.config, DEMO_EMAIL_DOMAIN);
  });

  const user = (email: string) => t.app.ctx.db.selectFrom('users').selectAll().where('email_key', '=', email).executeTakeFirstOrThrow();
  const login = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': 'de' } });

  it('features the demo artist and studio by completed test-provider purchases with receipt numbers', async () => {
    const lena = await user(DEMO_LOGINS.artist.email);
    const studio = await user(DEMO_LOGINS.studio.email);
    // Bought two days and a day before the seeding: fourteen days from then.
    for (const [row, hours] of [[lena, 48], [studio, 30]] as const) {
      const left = Date.parse(row.featured_until as string) - started;
      expect(left).toBeGreaterThan(14 * DAY_MS - hours * 3_600_000 - 60_000);
      expect(left).toBeLessThan(14 * DAY_MS - hours * 3_600_000 + 5 * 60_000);
    }
    const orders = await t.app.ctx.db.selectFrom('payment_orders').selectAll().orderBy('created_at').execute();
    expect(orders.map((o) => [o.user_id, o.product_type, o.status])).toEqual([
      [lena.id, 'featured_artist', 'failed'],
      [lena.id, 'featured_artist', 'completed'],
      [studio.id, 'featured_studio', 'completed'],
      [lena.id, 'instagram_reel', 'pending'],
    ]);
    for (const o of orders) expect(o).toMatchObject({ provider: 'test', amount_cents: o.product_type === 'instagram_reel' ? 1490 : 1990, currency: 'EUR' });
    const completed = orders.filter((o) => o.status === 'completed');
    const year = new Date(completed[0]?.completed_at as string).getUTCFullYear();
    // Gapless numbering within the year; the buyer is written on the receipt.
    expect(completed.map((o) => o.receipt_number).sort()).toEqual([`${year}-000001`, `${year}-000002`]);
    for (const o of completed) expect(o.buyer_snapshot).toBeTruthy();
    for (const o of orders.filter((o) => o.status !== 'completed')) expect(o.receipt_number).toBeNull();
  });

  it("shows the demo artist's history with a completed, a pending and a failed purchase, and its receipt", async () => {
    const cookie = await login(DEMO_LOGINS.artist.email);
    const res = await get('/api/payments/history', cookie);
    expect(res.statusCode).toBe(200);
    const history = res.json() as { payments: { id: string; status: string; test: boolean; receiptUrl: string | null; amountCents: number }[] };
    expect(history.payments.map((p) => p.status)).toEqual(['pending', 'completed', 'failed']);
    for (const p of history.payments) expect(p.test).toBe(true);
    const paid = history.payments[1] as { id: string; receiptUrl: string | null };
    expect(paid.receiptUrl).toBeTruthy();
    const receipt = await get(`/api/payments/${paid.id}/receipt`, cookie);
    expect(receipt.statusCode).toBe(200);
    // The featured package's two credits are hers to spend.
    const products = (await get('/api/payments/products', cookie)).json() as { credits: Record<string, number> };
    expect(products.credits).toMatchObject({ instagram_feed_post: 1, instagram_story: 1 });
  });

  it('gives the featured demo artist a draft, a planned post with a picture and a published one', async () => {
    const cookie = await login(DEMO_LOGINS.artist.email);
    const upcoming = (await get('/api/instagram/posts', cookie)).json() as { posts: { status: string; type: string; media: { url: string } | null; plannedAt: string | null; hashtags: string[] }[] };
    expect(upcoming.posts.map((p) => p.status).sort()).toEqual(['draft', 'planned']);
    const planned = upcoming.posts.find((p) => p.status === 'planned');
    expect(planned?.media?.url).toMatch(/^\/uploads\/instagram\/\d+\//);
    expect(Date.parse(planned?.plannedAt as string)).toBeGreaterThan(Date.now());
    expect(planned?.hashtags.length).toBeGreaterThan(0);
    const image = await t.app.inject({ method: 'GET', url: planned?.media?.url as string });
    expect(image.statusCode).toBe(200);
    const published = (await get('/api/instagram/posts?status=published', cookie)).json() as { posts: { plannedAt: string }[] };
    expect(published.posts).toHaveLength(1);
    expect(Date.parse(published.posts[0]?.plannedAt as string)).toBeLessThan(Date.now());
  });

  it('shows the buyers in the featured lists once they have a picture', async () => {
    const db = t.app.ctx.db;
    const lena = await user(DEMO_LOGINS.artist.email);
    const studio = await user(DEMO_LOGINS.studio.email);
    await db.updateTable('users').set({ avatar: '/uploads/avatars/demo/a-large.webp' }).where('id', 'in', [lena.id, studio.id]).execute();
    const artists = (await t.app.inject({ method: 'GET', url: '/api/featured/artists?limit=50' })).json() as { artists: { id: number }[] };
    const studios = (await t.app.inject({ method: 'GET', url: '/api/featured/studios?limit=50' })).json() as { studios: { id: number }[] };
    expect(artists.artists.map((a) => a.id)).toContain(lena.id);
    expect(studios.studios.map((s) => s.id)).toContain(studio.id);
  });

  it('adds nothing when run again', async () => {
    const db = t.app.ctx.db;
    const count = async () => [
      (await db.selectFrom('payment_orders').select('id').execute()).length,
      (await db.selectFrom('instagram_posts').select('id').execute()).length,
      (await user(DEMO_LOGINS.artist.email)).featured_until,
    ];
    const before = await count();
    expect(before.slice(0, 2)).toEqual([4, 3]);
    await seedDemoPurchases(db, t.config, DEMO_EMAIL_DOMAIN);
    await seedDemoPosts(db, t.config, DEMO_EMAIL_DOMAIN);
    expect(await count()).toEqual(before);
  });
});
