import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { FeaturedArtist, FeaturedStudio } from '../../../common/schemas/featured';
import { tags } from '../../lib/answer-cache/index';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { insertBareUsers } from '../../test/factories';

const HOUR = 3_600_000;
/** A fixed clock: 10:15 UTC, well inside an hour. */
const T0 = Date.parse('2030-03-04T10:15:00.000Z');

describeEachEngine('featured lists', (engine) => {
  let t: TestApp;
  let artists: number[] = [];
  let studios: number[] = [];
  let expired: number;
  let pictureless: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.app.ctx.db;
    const tag = `${engine}${Date.now().toString(36)}`;
    const people = Array.from({ length: 16 }, (_, i) => ({
      username: `feat_${tag}_${i}`,
      usernameKey: `feat_${tag}_${i}`,
      email: `feat${i}.${tag}@example.test`,
      name: `Featured ${i}`,
      type: (i < 13 ? 'artist' : 'studio') as 'artist' | 'studio',
    }));
    await insertBareUsers(t.app, people);
    const rows = await db.selectFrom('users').select(['id', 'user_type']).where('username_key', 'like', `feat_${tag}_%`).orderBy('id').execute();
    const ids = rows.map((r) => r.id);
    const until = new Date(T0 + 5 * 86_400_000).toISOString();
    // Eleven featured artists with a picture, one whose time ran out, one without any picture.
    artists = ids.slice(0, 11);
    expired = ids[11] as number;
    pictureless = ids[12] as number;
    studios = ids.slice(13);
    await db.updateTable('users').set({ featured_until: until, avatar: '/uploads/avatars/x/a-large.webp' }).where('id', 'in', [...artists, ...studios]).execute();
    await db.updateTable('users').set({ featured_until: new Date(T0 - 60_000).toISOString(), avatar: '/uploads/avatars/x/a-large.webp' }).where('id', '=', expired).execute();
    await db.updateTable('users').set({ featured_until: until }).where('id', '=', pictureless).execute();
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The list as the API answers it at `at` (only Date is faked: the database drivers keep their timers). */
  const listAt = async <K extends 'artists' | 'studios'>(kind: K, at: number, query = '') => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const res = await t.app.inject({ method: 'GET', url: `/api/featured/${kind}${query}` });
    vi.useRealTimers();
    return res;
  };
  const idsAt = async (at: number, limit = 3) => {
    const res = await listAt('artists', at, `?limit=${limit}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { artists: FeaturedArtist[] }).artists.map((a) => a.id);
  };

  it('shows everyone featured with a picture, nobody else, the same within an hour', async () => {
    const all = await idsAt(T0, 50);
    expect([...all].sort((a, b) => a - b)).toEqual(artists);
    expect(all).not.toContain(expired);
    expect(all).not.toContain(pictureless);
    // Later in the same hour: the same cards in the same order.
    expect(await idsAt(T0 + 30 * 60_000, 50)).toEqual(all);
    const res = await listAt('studios', T0);
    const shown = (res.json() as { studios: FeaturedStudio[] }).studios;
    expect(shown.map((s) => s.id).sort((a, b) => a - b)).toEqual(studios);
    expect(shown[0]).toMatchObject({ workstations: 0, amenities: { piercings: false, tattooRemoval: false, microblading: false }, featuredUntil: expect.any(String) });
  });

  it('moves on every hour so that every buyer is shown, a window of `limit` at a time', async () => {
    const order = await idsAt(T0, 50);
    const seen = new Set<number>();
    let previous: number[] = [];
    // Eleven buyers, three places: four hours show everyone, and no hour repeats the one before.
    for (let h = 0; h < 4; h++) {
      const page = await idsAt(T0 + h * HOUR, 3);
      expect(page).toHaveLength(3);
      expect(page).not.toEqual(previous);
      for (const id of page) seen.add(id);
      previous = page;
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(artists);
    // Each window is the next run of the fixed order, wrapping round at its end.
    const first = await idsAt(T0, 3);
    const start = order.indexOf(first[0] as number);
    const next = await idsAt(T0 + HOUR, 3);
    expect(next).toEqual([0, 1, 2].map((k) => order[(start + 3 + k) % order.length]));
    // Over a day, every buyer appears on the home page's five places too.
    const daySeen = new Set<number>();
    for (let h = 0; h < 24; h++) for (const id of await idsAt(T0 + h * HOUR, 5)) daySeen.add(id);
    expect(daySeen.size).toBe(artists.length);
  });

  it('orders by the same shuffle on every engine, computed here with exact integers', async () => {
    const key = (id: number) => {
      const m = 2_147_483_648n;
      const once = (BigInt(id) * 1_103_515_245n + 12_345n) % m;
      return (once * 1_103_515_245n + 12_345n) % m;
    };
    const order = [...artists].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    const hour = Math.floor(T0 / HOUR);
    const start = (hour * 4) % order.length;
    expect(await idsAt(T0, 4)).toEqual([0, 1, 2, 3].map((k) => order[(start + k) % order.length]));
  });

  it('defaults to five, cuts a larger limit to fifty and refuses what is not a whole number from one', async () => {
    expect(await idsAt(T0, 5)).toHaveLength(5);
    const plain = await listAt('artists', T0);
    expect((plain.json() as { artists: unknown[] }).artists).toHaveLength(5);
    const big = await listAt('artists', T0, '?limit=500');
    expect(big.statusCode).toBe(200);
    expect((big.json() as { artists: unknown[] }).artists).toHaveLength(11);
    for (const query of ['?limit=abc', '?limit=0', '?limit=-3', '?limit=2.5', '?limit=']) {
      const res = await listAt('studios', T0, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toEqual(expect.any(String));
    }
  });

  it('puts a purchase completed in the last hour first, then lets it take its turn', async () => {
    const db = t.app.ctx.db;
    const window = await idsAt(T0, 3);
    const rotation = await idsAt(T0 + 2 * HOUR, 50);
    const buyer = artists.find((id) => !window.includes(id)) as number;
    const completedAt = new Date(T0 - 10 * 60_000).toISOString();
    await db
      .insertInto('payment_orders')
      .values({
        id: '0b6f3a52-2c41-4d3e-9f1a-7c5e8d2b4a10', user_id: buyer, product_type: 'featured_artist', amount_cents: 1990, currency: 'EUR',
        provider: 'test', status: 'completed', language: 'en', created_at: completedAt, updated_at: completedAt, completed_at: completedAt,
      })
      .execute();
    // What a completed purchase clears.
    t.app.ctx.invalidation.invalidate([tags.featured, tags.user(buyer)]);
    try {
      const fresh = await idsAt(T0 + 60_000, 3);
      expect(fresh[0]).toBe(buyer);
      expect(fresh.slice(1)).toEqual(window.slice(0, 2));
      // Two hours on, the purchase is no longer fresh: the rotation is as it would be without it.
      expect(await idsAt(T0 + 2 * HOUR, 50)).toEqual(rotation);
    } finally {
      await db.deleteFrom('payment_orders').where('user_id', '=', buyer).execute();
      t.app.ctx.invalidation.invalidate([tags.featured]);
    }
  });

  it('puts featured days an admin granted in the last hour first as well, unless revoked', async () => {
    const db = t.app.ctx.db;
    const window = await idsAt(T0, 3);
    const rotation = await idsAt(T0 + 2 * HOUR, 50);
    const granted = artists.find((id) => !window.includes(id)) as number;
    const grantedAt = new Date(T0 - 10 * 60_000).toISOString();
    const [period] = await db
      .insertInto('featured_periods')
      .values({
        user_id: granted, source: 'admin', order_id: null, admin_id: null, starts_at: grantedAt,
        ends_at: new Date(T0 + 5 * 86_400_000).toISOString(), revoked_at: null, reason: 'Prize of the month', created_at: grantedAt,
      })
      .returning('id')
      .execute();
    t.app.ctx.invalidation.invalidate([tags.featured]);
    try {
      const fresh = await idsAt(T0 + 60_000, 3);
      expect(fresh[0]).toBe(granted);
      expect(fresh.slice(1)).toEqual(window.slice(0, 2));
      expect(await idsAt(T0 + 2 * HOUR, 50)).toEqual(rotation);
      await db.updateTable('featured_periods').set({ revoked_at: grantedAt }).where('id', '=', period!.id).execute();
      t.app.ctx.invalidation.invalidate([tags.featured]);
      expect(await idsAt(T0 + 60_000, 3)).toEqual(window);
    } finally {
      await db.deleteFrom('featured_periods').where('user_id', '=', granted).execute();
      t.app.ctx.invalidation.invalidate([tags.featured]);
    }
  });

  it('drops a buyer once their time has passed, on the fixed clock', async () => {
    const later = T0 + 6 * 86_400_000;
    expect(await idsAt(later, 50)).toEqual([]);
  });
});
