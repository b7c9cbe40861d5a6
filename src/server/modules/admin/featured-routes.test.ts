import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { credits } from '../instagram/index';
import { buyWithTestProvider, sessionFeaturedUntil } from '../payments/testing';
import { countFeaturedEndingSoon } from './featured-repo';

const DAY = 86_400_000;

describeEachEngine('admin featured: periods, grants and revokes', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const db = () => t.app.ctx.db;
  const call = (method: 'GET' | 'POST', url: string, as: TestUser | null, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...(as ? { cookie: as.cookie } : {}) }, ...(payload ? { payload } : {}) });
  const audits = (userId: number) => db().selectFrom('admin_audit_log').selectAll().where('target_type', '=', 'user').where('target_id', '=', String(userId)).orderBy('id').execute();
  const periods = (userId: number) => db().selectFrom('featured_periods').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const featuredUntil = async (userId: number) => (await db().selectFrom('users').select('featured_until').where('id', '=', userId).executeTakeFirstOrThrow()).featured_until;
  const setUntil = (userId: number, until: string | null) => db().updateTable('users').set({ featured_until: until }).where('id', '=', userId).execute();
  const grant = (userId: number, payload: object) => call('POST', `/api/admin/users/${userId}/featured`, people.admin, payload);

  it('answers a visitor 401 and an artist or studio 403', async () => {
    const id = people.artist.user.id;
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/featured'],
      ['POST', `/api/admin/users/${id}/featured`, { days: 5, reason: 'Gift' }],
      ['POST', `/api/admin/users/${id}/featured/revoke`, { reason: 'Mistake' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, people.artist, payload)).statusCode).toBe(403);
      expect((await call(method, url, people.studio, payload)).statusCode).toBe(403);
    }
    expect(await audits(id)).toHaveLength(0);
  });

  it('writes a purchase period in the completion, from the later of now and the current end', async () => {
    const buyer = await createStudio(t.app);
    const until = new Date(Date.now() + 5 * DAY).toISOString();
    await setUntil(buyer.user.id, until);
    const orderId = await buyWithTestProvider(t.app, buyer, 'featured_studio');
    const [period, ...rest] = await periods(buyer.user.id);
    expect(rest).toHaveLength(0);
    expect(period).toMatchObject({ source: 'purchase', order_id: orderId, admin_id: null, starts_at: until, ends_at: await featuredUntil(buyer.user.id) });
    expect(Date.parse(period?.ends_at ?? '') - Date.parse(until)).toBe(14 * DAY);
  });

  it('refuses bad input (400) and an unknown user (404) without an audit entry', async () => {
    const id = people.artist.user.id;
    for (const payload of [{ days: 0, reason: 'x' }, { days: 366, reason: 'x' }, { days: 1.5, reason: 'x' }, { days: 5 }, { days: 5, reason: '   ' }, { days: 5, reason: 'x'.repeat(501) }, { days: 5, reason: 'x', includePromotions: 'yes' }]) {
      expect((await grant(id, payload)).statusCode).toBe(400);
    }
    expect((await call('POST', `/api/admin/users/${id}/featured/revoke`, people.admin, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/users/abc/featured', people.admin, { days: 5, reason: 'x' })).statusCode).toBe(400);
    expect((await grant(2_000_000_000, { days: 5, reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/users/2000000000/featured/revoke', people.admin, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/featured?status=soon', people.admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/featured?cursor=abc', people.admin)).statusCode).toBe(400);
    expect(await audits(id)).toHaveLength(0);
    expect(await periods(id)).toHaveLength(0);
  });

  it('grants from now when not featured, and from the current end when featured, with one period and one audit entry each', async () => {
    const user = await createArtist(t.app);
    const started = Date.now();
    const first = await grant(user.user.id, { days: 10, reason: 'Competition prize' });
    expect(first.statusCode).toBe(200);
    const firstEnd = Date.parse(first.json().featuredUntil as string);
    expect(firstEnd - started).toBeGreaterThanOrEqual(10 * DAY);
    expect(firstEnd - Date.now()).toBeLessThanOrEqual(10 * DAY);
    expect(await sessionFeaturedUntil(t.app, user)).toBe(first.json().featuredUntil);

    const second = await grant(user.user.id, { days: 3, reason: 'Apology for downtime' });
    expect(Date.parse(second.json().featuredUntil as string) - firstEnd).toBe(3 * DAY);
    const rows = await periods(user.user.id);
    expect(rows.map((p) => [p.source, p.admin_id, p.reason])).toEqual([
      ['admin', people.admin.user.id, 'Competition prize'],
      ['admin', people.admin.user.id, 'Apology for downtime'],
    ]);
    expect(rows[1]?.starts_at).toBe(first.json().featuredUntil);
    const entries = await audits(user.user.id);
    expect(entries.map((e) => e.action)).toEqual(['featured.grant', 'featured.grant']);
    expect(JSON.parse(entries[1]?.details ?? '{}')).toMatchObject({ before: { featuredUntil: first.json().featuredUntil }, after: { featuredUntil: second.json().featuredUntil, days: 3 } });
    // Without includePromotions no credits come with it.
    expect(await credits.creditBalances(db(), user.user.id)).toEqual({ instagram_feed_post: 0, instagram_story: 0, instagram_reel: 0 });
  });

  it('adds the package’s feed-post and story credits with includePromotions', async () => {
    const user = await createStudio(t.app);
    expect((await grant(user.user.id, { days: 14, reason: 'Partner', includePromotions: true })).statusCode).toBe(200);
    expect(await credits.creditBalances(db(), user.user.id)).toEqual({ instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 });
  });

  it('revokes: ends now, cuts the periods, keeps the credits; 409 when not featured', async () => {
    const user = await createArtist(t.app);
    await grant(user.user.id, { days: 10, reason: 'Prize', includePromotions: true });
    await grant(user.user.id, { days: 5, reason: 'More' });
    const res = await call('POST', `/api/admin/users/${user.user.id}/featured/revoke`, people.admin, { reason: 'Prize withdrawn' });
    expect(res.statusCode).toBe(200);
    const until = await featuredUntil(user.user.id);
    expect(Date.parse(until ?? '')).toBeLessThanOrEqual(Date.now());
    const rows = await periods(user.user.id);
    expect(rows.every((p) => p.revoked_at === until)).toBe(true);
    expect(rows[0]?.ends_at).toBe(until);
    // The stacked period that had not begun ends where it would have started.
    expect(rows[1]?.ends_at).toBe(rows[1]?.starts_at);
    expect(await credits.creditBalances(db(), user.user.id)).toMatchObject({ instagram_feed_post: 1, instagram_story: 1 });
    const again = await call('POST', `/api/admin/users/${user.user.id}/featured/revoke`, people.admin, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const entries = await audits(user.user.id);
    expect(entries.map((e) => e.action)).toEqual(['featured.grant', 'featured.grant', 'featured.revoke']);
    expect(entries[2]?.reason).toBe('Prize withdrawn');
  });

  it('lists active entries ending soonest first with days left and the ending-soon flag, ended ones apart, and the home preview', async () => {
    const soon = await createArtist(t.app);
    const later = await createStudio(t.app);
    await setUntil(soon.user.id, new Date(Date.now() + 2 * DAY).toISOString());
    await setUntil(later.user.id, new Date(Date.now() + 20 * DAY).toISOString());
    const res = await call('GET', '/api/admin/featured?status=active', people.admin);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as { user: { id: number }; daysLeft: number; endingSoon: boolean }[];
    const ids = entries.map((e) => e.user.id);
    expect(ids.indexOf(soon.user.id)).toBeLessThan(ids.indexOf(later.user.id));
    expect(entries.find((e) => e.user.id === soon.user.id)).toMatchObject({ daysLeft: 2, endingSoon: true });
    expect(entries.find((e) => e.user.id === later.user.id)).toMatchObject({ daysLeft: 20, endingSoon: false });
    expect(res.json().home).toEqual({ artists: expect.any(Array), studios: expect.any(Array) });

    const studios = await call('GET', '/api/admin/featured?status=active&userType=studio', people.admin);
    expect((studios.json().entries as { user: { userType: string } }[]).every((e) => e.user.userType === 'studio')).toBe(true);
    const ended = await call('GET', '/api/admin/featured?status=ended', people.admin);
    expect((ended.json().entries as { user: { id: number } }[]).map((e) => e.user.id)).not.toContain(soon.user.id);
    expect(await countFeaturedEndingSoon(db())).toBeGreaterThanOrEqual(1);
    const before = await countFeaturedEndingSoon(db());
    await setUntil(soon.user.id, new Date(Date.now() + 4 * DAY).toISOString());
    expect(await countFeaturedEndingSoon(db())).toBe(before - 1);
  });
});
