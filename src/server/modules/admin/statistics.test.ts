import { beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_DEFAULT_WEEKS, type StatisticsWeek } from '../../../common/schemas/admin-inbox';
import { berlinDay, isoWeek, isoWeekStart, shiftDay } from '../../lib/berlin-calendar';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { call, createAvailability, createGuestSpot, makeAdmin } from '../../test/listing-factories';
import { usePeople } from '../../test/people';

describe('the Berlin calendar', () => {
  it('puts instants on Berlin days across both daylight-saving changes', () => {
    expect(berlinDay(Date.parse('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(berlinDay(Date.parse('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(berlinDay(Date.parse('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('counts ISO weeks, with a week 53 in 2026', () => {
    expect(isoWeekStart('2026-03-29')).toBe('2026-03-23');
    expect(isoWeekStart('2026-03-30')).toBe('2026-03-30');
    expect(isoWeek('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(shiftDay('2026-12-28', 7)).toBe('2027-01-04');
  });
});

/** Each week's figures as [weekStart, figures], leaving out the weeks that are all zeros. */
function nonEmpty(weeks: StatisticsWeek[]): [string, Omit<StatisticsWeek, 'weekStart'>][] {
  return weeks
    .filter((w) => w.registrations.artist + w.registrations.studio + w.activeUsers + w.guestSpots + w.availabilities + w.messages + Object.values(w.revenueCents).reduce((a, b) => a + b, 0) > 0)
    .map(({ weekStart, ...rest }) => [weekStart, rest]);
}

const zero = {
  registrations: { artist: 0, studio: 0 },
  activeUsers: 0,
  guestSpots: 0,
  availabilities: 0,
  messages: 0,
  revenueCents: { featured_artist: 0, featured_studio: 0, instagram_feed_post: 0, instagram_story: 0, instagram_reel: 0 },
};

describeEachEngine('admin statistics', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio' });
  const get = (url: string, as: TestUser | null = people.admin) => call(t.app, 'GET', url, { as });

  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
    const db = t.app.ctx.db;
    const base = { password_hash: 'x', name: 'Fixed', created_at: '', updated_at: '' };
    // Accounts registered around the daylight-saving changes and in ISO week 53 (times in UTC).
    const registrations: [string, 'artist' | 'studio'][] = [
      ['2026-03-22T22:30:00.000Z', 'studio'], // Sunday 23:30 in Berlin (CET): week of 16 March
      ['2026-03-22T23:30:00.000Z', 'artist'], // Monday 00:30 in Berlin: week of 23 March
      ['2026-03-29T21:30:00.000Z', 'artist'], // Sunday 23:30 (CEST since that night): week of 23 March
      ['2026-03-29T22:30:00.000Z', 'studio'], // Monday 00:30: week of 30 March
      ['2026-10-25T22:59:00.000Z', 'artist'], // Sunday 23:59 (CET again): week of 19 October
      ['2026-10-25T23:00:00.000Z', 'artist'], // Monday 00:00: week of 26 October
      ['2026-12-31T12:00:00.000Z', 'studio'], // ISO week 53 of 2026
      ['2027-01-03T22:59:59.000Z', 'artist'], // its last second in Berlin
      ['2027-01-03T23:00:00.000Z', 'artist'], // week 1 of 2027
    ];
    const ids: number[] = [];
    for (const [i, [at, type]] of registrations.entries()) {
      const row = await db
        .insertInto('users')
        .values({ ...base, username: `fixed_${engine}_${i}`, username_key: `fixed_${engine}_${i}`, email: `fixed${i}@example.test`, email_key: `fixed${i}@example.test`, user_type: type, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [u1, u2] = ids as [number, number];
    // Messages: the second would land in the week before if grouped by its UTC day.
    for (const at of ['2026-03-22T23:30:00.000Z', '2026-12-27T23:30:00.000Z', '2026-12-28T00:30:00.000Z']) {
      await db
        .insertInto('messages')
        .values({ sender_id: u1, receiver_id: u2, user_low: Math.min(u1, u2), user_high: Math.max(u1, u2), content: 'Hello', read_at: null, client_id: null, reference_type: null, reference_id: null, reference_data: null, created_at: at })
        .execute();
    }
    const spot = await createGuestSpot(t.app, people.studio);
    await db.updateTable('guest_spots').set({ created_at: '2026-10-25T23:30:00.000Z' }).where('id', '=', spot.id).execute();
    const availability = await createAvailability(t.app, people.artist);
    await db.updateTable('availabilities').set({ created_at: '2026-03-29T22:00:00.000Z' }).where('id', '=', availability.id).execute();
    const order = (id: string, productType: string, amount: number, status: string, completedAt: string | null) => ({
      id,
      user_id: u1,
      product_type: productType,
      amount_cents: amount,
      currency: 'EUR',
      provider: 'test',
      provider_order_id: null,
      capture_id: null,
      status,
      post_id: null,
      return_path: null,
      language: 'en',
      failure: null,
      receipt_number: null,
      buyer_snapshot: null,
      seller_snapshot: null,
      completed_at: completedAt,
      created_at: '2026-03-29T22:00:00.000Z',
      updated_at: '2026-03-29T22:00:00.000Z',
    });
    await db
      .insertInto('payment_orders')
      .values([
        order(`stat-a-${engine}`, 'featured_artist', 1990, 'completed', '2026-03-29T22:15:00.000Z'),
        order(`stat-b-${engine}`, 'instagram_reel', 1490, 'completed', '2026-12-31T10:00:00.000Z'),
        order(`stat-c-${engine}`, 'instagram_reel', 1490, 'completed', '2027-01-03T22:30:00.000Z'),
        order(`stat-d-${engine}`, 'featured_studio', 1990, 'failed', null),
      ])
      .execute();
    await db
      .insertInto('user_activity')
      .values([
        { user_id: u1, day: '2026-12-28', week_start: '2026-12-28' },
        { user_id: u1, day: '2027-01-03', week_start: '2026-12-28' },
        { user_id: u2, day: '2027-01-01', week_start: '2026-12-28' },
        { user_id: u1, day: '2027-01-04', week_start: '2027-01-04' },
      ])
      .execute();
  });

  it('folds fixed data into Berlin ISO weeks across daylight-saving changes and week 53', async () => {
    const res = await get('/api/admin/statistics?from=2026-03-18&to=2027-01-05');
    expect(res.statusCode).toBe(200);
    const weeks = res.json().weeks as StatisticsWeek[];
    expect(weeks[0]?.weekStart).toBe('2026-03-16');
    expect(weeks.at(-1)?.weekStart).toBe('2027-01-04');
    expect(weeks).toHaveLength(43);
    // Every Monday in between, empty ones as zeros.
    expect(weeks.every((w, i) => w.weekStart === shiftDay('2026-03-16', 7 * i))).toBe(true);
    expect(weeks[1]).toEqual({ weekStart: '2026-03-23', ...zero, registrations: { artist: 2, studio: 0 }, messages: 1 });
    // This week holds the test's own accounts, registered and active now.
    const thisWeek = isoWeekStart(berlinDay(Date.now()));
    expect(nonEmpty(weeks).filter(([start]) => start !== thisWeek)).toEqual([
      ['2026-03-16', { ...zero, registrations: { artist: 0, studio: 1 } }],
      ['2026-03-23', { ...zero, registrations: { artist: 2, studio: 0 }, messages: 1 }],
      ['2026-03-30', { ...zero, registrations: { artist: 0, studio: 1 }, availabilities: 1, revenueCents: { ...zero.revenueCents, featured_artist: 1990 } }],
      ['2026-10-19', { ...zero, registrations: { artist: 1, studio: 0 } }],
      ['2026-10-26', { ...zero, registrations: { artist: 1, studio: 0 }, guestSpots: 1 }],
      [
        '2026-12-28',
        { ...zero, registrations: { artist: 1, studio: 1 }, activeUsers: 2, messages: 2, revenueCents: { ...zero.revenueCents, instagram_reel: 2980 } },
      ],
      ['2027-01-04', { ...zero, registrations: { artist: 1, studio: 0 }, activeUsers: 1 }],
    ]);
  });

  it('shows the last 12 weeks up to this one by default, and 12 weeks up to a given end', async () => {
    const res = await get('/api/admin/statistics');
    expect(res.statusCode).toBe(200);
    const weeks = res.json().weeks as StatisticsWeek[];
    expect(weeks).toHaveLength(STATISTICS_DEFAULT_WEEKS);
    expect(weeks.at(-1)?.weekStart).toBe(isoWeekStart(berlinDay(Date.now())));
    const ending = (await get('/api/admin/statistics?to=2027-01-03')).json().weeks as StatisticsWeek[];
    expect(ending.map((w) => w.weekStart)).toEqual(Array.from({ length: 12 }, (_, i) => shiftDay('2026-10-12', 7 * i)));
  });

  it('accepts 104 weeks and refuses more, bad dates and a start after the end with 400', async () => {
    const longest = await get('/api/admin/statistics?from=2025-01-06&to=2026-12-28');
    expect(longest.statusCode).toBe(200);
    expect(longest.json().weeks).toHaveLength(104);
    const tooLong = await get('/api/admin/statistics?from=2025-01-06&to=2027-01-04');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('At most 104 weeks can be shown at once.');
    for (const query of ['from=2026-02-30', 'from=2026-1-01', 'to=yesterday', 'from=2026-03-01T00:00', 'from=2026-05-01&to=2026-04-01', 'from=1999-12-31', 'from=%00']) {
      const res = await get(`/api/admin/statistics?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers a visitor 401 and an artist or a studio 403', async () => {
    expect((await get('/api/admin/statistics', null)).statusCode).toBe(401);
    expect((await get('/api/admin/statistics', people.artist)).statusCode).toBe(403);
    expect((await get('/api/admin/statistics', people.studio)).statusCode).toBe(403);
  });

  it('records a user active once per Berlin day, from any authenticated request', async () => {
    const db = t.app.ctx.db;
    const today = berlinDay(Date.now());
    const rows = () => db.selectFrom('user_activity').selectAll().where('user_id', '=', people.studio.user.id).execute();
    for (let i = 0; i < 3; i++) await call(t.app, 'GET', '/api/auth/check', { as: people.studio });
    await t.app.services.events.idle();
    expect(await rows()).toEqual([{ user_id: people.studio.user.id, day: today, week_start: isoWeekStart(today) }]);
    const week = (await get(`/api/admin/statistics?from=${today}&to=${today}`)).json().weeks as StatisticsWeek[];
    expect(week).toHaveLength(1);
    expect(week[0]?.activeUsers).toBeGreaterThanOrEqual(1);
  });
});
