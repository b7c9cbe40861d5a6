import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { credits } from '../instagram/index';
import type { Mail } from '../../lib/mail/index';
import { countPromotionsDue } from './instagram-repo';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PARALLEL = 50;

describeEachEngine('admin instagram: promotion requests', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  afterEach(() => vi.restoreAllMocks());

  const db = () => t.app.ctx.db;
  const call = (method: 'GET' | 'POST', url: string, as: TestUser | null, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...(as ? { cookie: as.cookie } : {}) }, ...(payload ? { payload } : {}) });
  const act = (id: number, verb: 'publish' | 'reschedule' | 'reject', payload: object, as: TestUser | null = people.admin) =>
    call('POST', `/api/admin/instagram/requests/${id}/${verb}`, as, payload);
  const audits = (id: number) => db().selectFrom('admin_audit_log').selectAll().where('target_type', '=', 'post_promotion').where('target_id', '=', String(id)).orderBy('id').execute();

  /** A promotion request as its owner files it: a planned post, a credit spent on it. */
  async function request(owner: TestUser, opts: { plannedIn?: number; productType?: 'instagram_feed_post' | 'instagram_story' | 'instagram_reel'; language?: string } = {}) {
    const now = new Date().toISOString();
    const productType = opts.productType ?? 'instagram_feed_post';
    if (opts.language) await db().updateTable('users').set({ language: opts.language }).where('id', '=', owner.user.id).execute();
    const post = await db()
      .insertInto('instagram_posts')
      .values({ user_id: owner.user.id, type: 'feed_post', caption: 'Flash day 🌹', hashtags: '["flash","tattoo"]', status: 'planned', planned_at: new Date(Date.now() + (opts.plannedIn ?? DAY)).toISOString(), media_id: null, reminded_at: null, published_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const promotion = await db()
      .insertInto('post_promotions')
      .values({ post_id: post.id, user_id: owner.user.id, product_type: productType, status: 'requested', order_id: null, created_at: now, decided_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { postId: post.id, id: promotion.id };
  }

  it('answers a visitor 401 and an artist or studio 403', async () => {
    const { id } = await request(people.artist);
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/instagram/requests'],
      ['POST', `/api/admin/instagram/requests/${id}/publish`, { permalink: 'https://www.instagram.com/p/abc/' }],
      ['POST', `/api/admin/instagram/requests/${id}/reschedule`, { plannedAt: new Date(Date.now() + 2 * DAY).toISOString() }],
      ['POST', `/api/admin/instagram/requests/${id}/reject`, { reason: 'No' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, people.artist, payload)).statusCode).toBe(403);
      expect((await call(method, url, people.studio, payload)).statusCode).toBe(403);
    }
    expect(await audits(id)).toHaveLength(0);
  });

  it('refuses bad input (400) and an unknown request (404) without an audit entry', async () => {
    const { id } = await request(people.artist);
    for (const permalink of ['http://www.instagram.com/p/abc/', 'https://instagram.com.evil.test/p/abc', 'https://example.com/p/abc', 'instagram.com/p/abc', '']) {
      expect((await act(id, 'publish', { permalink })).statusCode).toBe(400);
    }
    for (const plannedAt of ['tomorrow', '2030-01-01T10:00:00', new Date(Date.now() - HOUR).toISOString()]) {
      expect((await act(id, 'reschedule', { plannedAt })).statusCode).toBe(400);
    }
    expect((await act(id, 'reject', { reason: '' })).statusCode).toBe(400);
    expect((await act(id, 'reject', {})).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/instagram/requests/x/reject', people.admin, { reason: 'x' })).statusCode).toBe(400);
    expect((await act(2_000_000_000, 'publish', { permalink: 'https://www.instagram.com/p/abc/' })).statusCode).toBe(404);
    expect((await act(2_000_000_000, 'reject', { reason: 'x' })).statusCode).toBe(404);
    expect((await act(2_000_000_000, 'reschedule', { plannedAt: new Date(Date.now() + DAY).toISOString() })).statusCode).toBe(404);
    for (const bad of ['status=done', 'type=instagram_tv', 'from=1.1.2030', 'cursor=zzz']) {
      expect((await call('GET', `/api/admin/instagram/requests?${bad}`, people.admin)).statusCode).toBe(400);
    }
    expect(await audits(id)).toHaveLength(0);
  });

  it('lists open requests by planned time, overdue first, with the post, owner and filters', async () => {
    const owner = await createArtist(t.app);
    const late = await request(owner, { plannedIn: -2 * HOUR, productType: 'instagram_story' });
    const soon = await request(owner, { plannedIn: 3 * HOUR });
    const res = await call('GET', '/api/admin/instagram/requests', people.admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().requests as { id: number; overdue: boolean; status: string; user: { id: number }; post: { caption: string; hashtags: string[] } }[];
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(late.id)).toBeLessThan(ids.indexOf(soon.id));
    expect(rows.find((r) => r.id === late.id)).toMatchObject({ overdue: true, status: 'open', user: { id: owner.user.id }, post: { caption: 'Flash day 🌹', hashtags: ['flash', 'tattoo'] } });
    expect(rows.find((r) => r.id === soon.id)?.overdue).toBe(false);
    const stories = await call('GET', '/api/admin/instagram/requests?type=instagram_story', people.admin);
    expect((stories.json().requests as { productType: string }[]).every((r) => r.productType === 'instagram_story')).toBe(true);
    expect(await countPromotionsDue(db())).toBeGreaterThanOrEqual(2);
  });

  it('publishes with the permalink: done, shown on the owner’s post, one audit entry, then 409', async () => {
    const owner = await createArtist(t.app);
    const { id } = await request(owner);
    const permalink = 'https://www.instagram.com/p/C0ffee/';
    const res = await act(id, 'publish', { permalink });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ id, status: 'published', permalink });
    const own = await t.app.inject({ method: 'GET', url: '/api/instagram/posts', headers: { cookie: owner.cookie } });
    expect(own.json().posts[0].promotion).toMatchObject({ id, status: 'done', permalink });
    expect((await act(id, 'publish', { permalink })).statusCode).toBe(409);
    expect((await act(id, 'reject', { reason: 'late' })).statusCode).toBe(409);
    expect((await act(id, 'reschedule', { plannedAt: new Date(Date.now() + DAY).toISOString() })).statusCode).toBe(409);
    const entries = await audits(id);
    expect(entries.map((e) => e.action)).toEqual(['promotion.publish']);
    const published = await call('GET', '/api/admin/instagram/requests?status=published', people.admin);
    expect((published.json().requests as { id: number }[]).map((r) => r.id)).toContain(id);
  });

  it('rejects: the credit comes back, the owner is mailed the reason in their language, one audit entry', async () => {
    const owner = await createArtist(t.app);
    const { id } = await request(owner, { productType: 'instagram_reel', language: 'de' });
    const send = vi.spyOn(t.app.ctx.mailer, 'send').mockResolvedValue();
    const res = await act(id, 'reject', { reason: 'Das Bild ist unscharf.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'rejected', reason: 'Das Bild ist unscharf.' });
    expect((await credits.creditBalances(db(), owner.user.id)).instagram_reel).toBe(1);
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    const mail = send.mock.calls[0]?.[0] as Mail;
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toContain('Reel');
    expect(mail.text).toContain('Das Bild ist unscharf.');
    expect((await audits(id)).map((e) => [e.action, e.reason])).toEqual([['promotion.reject', 'Das Bild ist unscharf.']]);
  });

  it('reschedules a request: the post moves, its reminder is due again, the owner is told; a past time is 400', async () => {
    const owner = await createArtist(t.app);
    const { id, postId } = await request(owner);
    await db().updateTable('instagram_posts').set({ reminded_at: new Date().toISOString() }).where('id', '=', postId).execute();
    const send = vi.spyOn(t.app.ctx.mailer, 'send').mockResolvedValue();
    const plannedAt = '2031-03-04T18:30:00+01:00';
    const res = await act(id, 'reschedule', { plannedAt });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'open', post: { plannedAt: '2031-03-04T17:30:00.000Z' } });
    const post = await db().selectFrom('instagram_posts').select(['planned_at', 'reminded_at']).where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post).toEqual({ planned_at: '2031-03-04T17:30:00.000Z', reminded_at: null });
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    expect((send.mock.calls[0]?.[0] as Mail).text).toContain('2031');
    const entries = await audits(id);
    expect(entries.map((e) => e.action)).toEqual(['promotion.reschedule']);
    expect(JSON.parse(entries[0]?.details ?? '{}')).toMatchObject({ after: { plannedAt: '2031-03-04T17:30:00.000Z' } });
  });

  it(`lets exactly one of ${PARALLEL} parallel publish and reject calls win`, async () => {
    const owner = await createArtist(t.app);
    const { id } = await request(owner, { productType: 'instagram_story' });
    vi.spyOn(t.app.ctx.mailer, 'send').mockResolvedValue();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 ? act(id, 'reject', { reason: `No ${i}` }) : act(id, 'publish', { permalink: `https://www.instagram.com/p/n${i}/` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
    expect(await audits(id)).toHaveLength(1);
    const row = await db().selectFrom('post_promotions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    const balance = (await credits.creditBalances(db(), owner.user.id)).instagram_story;
    expect(balance).toBe(row.status === 'rejected' ? 1 : 0);
  });
});
