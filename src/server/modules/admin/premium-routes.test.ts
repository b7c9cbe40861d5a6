import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';
import { buyWithTestProvider, orderRow, startOrder } from '../payments/testing';

type Method = 'GET' | 'PUT';

describeEachEngine('admin premium: catalogue and ledger', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const call = (method: Method, url: string, as: TestUser | null, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { 'accept-language': 'en', ...(as ? { cookie: as.cookie } : {}) }, ...(payload ? { payload } : {}) });
  const audits = (action: string, target: string) =>
    t.app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).where('target_id', '=', target).execute();

  it('answers a visitor 401 and an artist or studio 403 on every route', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/premium/catalogue'],
      ['PUT', '/api/admin/premium/catalogue/instagram_story', { amountCents: 1200 }],
      ['GET', '/api/admin/premium/payments'],
      ['GET', '/api/admin/premium/payments.csv'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).statusCode).toBe(401);
      expect((await call(method, url, people.artist, payload)).statusCode).toBe(403);
      expect((await call(method, url, people.studio, payload)).statusCode).toBe(403);
    }
    expect(await audits('product.price', 'instagram_story')).toHaveLength(0);
  });

  it('lists the catalogue in the order products are shown everywhere', async () => {
    const res = await call('GET', '/api/admin/premium/catalogue', people.admin);
    expect(res.statusCode).toBe(200);
    const products = res.json().products as { productType: string; amountCents: number; currency: string; updatedAt: string }[];
    expect(products.map((p) => p.productType)).toEqual(['featured_artist', 'featured_studio', 'instagram_feed_post', 'instagram_story', 'instagram_reel']);
    expect(products[0]).toMatchObject({ amountCents: 1990, currency: 'EUR' });
  });

  it('refuses a price out of range or not in whole cents (400) and an unknown product (404), writing no audit entry', async () => {
    for (const amountCents of [99, 100_001, 19.5, '1990', null]) {
      const res = await call('PUT', '/api/admin/premium/catalogue/instagram_reel', people.admin, { amountCents });
      expect(res.statusCode).toBe(400);
    }
    expect((await call('PUT', '/api/admin/premium/catalogue/instagram_reel', people.admin, {})).statusCode).toBe(400);
    const unknown = await call('PUT', '/api/admin/premium/catalogue/gold_membership', people.admin, { amountCents: 5000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error ?? unknown.json().message).toBeTruthy();
    expect(await audits('product.price', 'instagram_reel')).toHaveLength(0);
    expect(await audits('product.price', 'gold_membership')).toHaveLength(0);
  });

  it('changes a price: the next order pays it, an earlier order keeps its own, and one audit entry records before and after', async () => {
    const before = await startOrder(t.app, people.artist, 'instagram_feed_post');
    const res = await call('PUT', '/api/admin/premium/catalogue/instagram_feed_post', people.admin, { amountCents: 1250 });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ productType: 'instagram_feed_post', amountCents: 1250 });
    const after = await startOrder(t.app, people.artist, 'instagram_feed_post');
    expect((await orderRow(t.app, after)).amount_cents).toBe(1250);
    expect((await orderRow(t.app, before)).amount_cents).toBe(990);
    const entries = await audits('product.price', 'instagram_feed_post');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ admin_id: people.admin.user.id, target_type: 'product' });
    expect(JSON.parse(entries[0]?.details ?? '{}')).toEqual({ before: { amountCents: 990 }, after: { amountCents: 1250 } });
    const products = (await call('GET', '/api/payments/products', null)).json().products as { productType: string; amountCents: number }[];
    expect(products.find((p) => p.productType === 'instagram_feed_post')?.amountCents).toBe(1250);
  });

  it('lists the ledger newest first with filters, a receipt link per completed order and a cursor', async () => {
    const completed = await buyWithTestProvider(t.app, people.studio, 'instagram_story');
    const open = await startOrder(t.app, people.studio, 'instagram_reel');
    const all = await call('GET', '/api/admin/premium/payments', people.admin);
    expect(all.statusCode).toBe(200);
    const rows = all.json().payments as { id: string; status: string; receiptUrl: string | null; user: { username: string } | null }[];
    expect(rows[0]?.id).toBe(open);
    const done = rows.find((r) => r.id === completed);
    expect(done).toMatchObject({ status: 'completed', receiptUrl: `/api/payments/${completed}/receipt.pdf`, user: { username: people.studio.user.username } });
    expect(rows.find((r) => r.id === open)?.receiptUrl).toBeNull();
    const receipt = await t.app.inject({ method: 'GET', url: `/api/payments/${completed}/receipt.pdf`, headers: { cookie: people.admin.cookie } });
    expect(receipt.statusCode).toBe(200);

    const filtered = await call('GET', `/api/admin/premium/payments?status=completed&productType=instagram_story&q=${encodeURIComponent(people.studio.user.username.toUpperCase())}`, people.admin);
    expect((filtered.json().payments as { id: string }[]).map((r) => r.id)).toEqual([completed]);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await call('GET', `/api/admin/premium/payments?from=${today}&to=${today}`, people.admin);
    expect((inRange.json().payments as unknown[]).length).toBeGreaterThanOrEqual(2);
    const past = await call('GET', '/api/admin/premium/payments?from=2020-01-01&to=2020-01-02', people.admin);
    expect(past.json().payments).toEqual([]);

    for (const bad of ['status=paid', 'productType=gold', 'from=yesterday', 'cursor=nonsense', `cursor=${Buffer.from('[1,2]').toString('base64url')}`]) {
      expect((await call('GET', `/api/admin/premium/payments?${bad}`, people.admin)).statusCode).toBe(400);
    }
  });

  it('pages through the ledger with the cursor without repeating a row', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: LightMyRequestResponse = await call('GET', `/api/admin/premium/payments${cursor ? `?cursor=${cursor}` : ''}`, people.admin);
      expect(res.statusCode).toBe(200);
      for (const row of res.json().payments as { id: string }[]) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
      cursor = res.json().nextCursor as string | null;
      pages++;
    } while (cursor && pages < 20);
    const total = await t.app.ctx.db.selectFrom('payment_orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(seen.size).toBe(Number(total.n));
  });

  it('exports the filtered ledger as CSV with receipt links and formula-safe names', async () => {
    await t.app.ctx.db.updateTable('users').set({ name: '=HYPERLINK("x")' }).where('id', '=', people.studio.user.id).execute();
    const res = await call('GET', '/api/admin/premium/payments.csv?status=completed', people.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,completed_at,order_id,status,product_type,amount,currency,provider,provider_order_id,receipt_number,receipt_url,user_id,username,name');
    expect(lines.length).toBeGreaterThan(1);
    const row = lines.find((l) => l.includes(people.studio.user.username)) ?? '';
    expect(row).toContain(',completed,instagram_story,9.90,EUR,');
    expect(row).toContain(`${t.config.publicUrl}/api/payments/`);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toContain(',created,');
  });
});
