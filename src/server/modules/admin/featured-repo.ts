import type { Kysely, Transaction } from 'kysely';
import { ENDING_SOON_DAYS } from '../../../common/schemas/admin-money';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database } from '../../db/schema';

/** Featured status as the admin area reads and changes it: users.featured_until and the featured_periods history. */
type Conn = Kysely<Database> | Transaction<Database>;

export interface FeaturedUser {
  id: number;
  featured_until: string | null;
  user_type: string;
  username: string;
  name: string;
}

/** The user's row, locked until the transaction ends on PostgreSQL, so a purchase completing meanwhile extends after this change, not over it. */
export function lockUser(trx: Transaction<Database>, userId: number): Promise<FeaturedUser | undefined> {
  let q = trx.selectFrom('users').select(['id', 'featured_until', 'user_type', 'username', 'name']).where('id', '=', userId);
  if (isPostgresDb(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function setFeaturedUntil(trx: Conn, userId: number, featuredUntil: string, now: string): Promise<void> {
  await trx.updateTable('users').set({ featured_until: featuredUntil, updated_at: now }).where('id', '=', userId).execute();
}

export async function insertAdminPeriod(
  trx: Conn,
  period: { userId: number; adminId: number; startsAt: string; endsAt: string; reason: string; now: string },
): Promise<number> {
  const row = await trx
    .insertInto('featured_periods')
    .values({
      user_id: period.userId,
      source: 'admin',
      order_id: null,
      admin_id: period.adminId,
      starts_at: period.startsAt,
      ends_at: period.endsAt,
      revoked_at: null,
      reason: period.reason,
      created_at: period.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Ends every period of the user still running or still to come at `now`: marked revoked, the
 * end cut to now (a period that had not started yet ends where it would have started).
 */
export async function revokePeriods(trx: Conn, userId: number, now: string): Promise<number> {
  const result = await trx
    .updateTable('featured_periods')
    .set((eb) => ({
      revoked_at: now,
      ends_at: eb.case().when('starts_at', '>', now).then(eb.ref('starts_at')).else(now).end(),
    }))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One page of featured users: active ones (featured_until after now) ending soonest first, or
 * ended ones most recently ended first, after the cursor's row.
 */
export function listFeaturedUsers(
  db: Db,
  query: { status: 'active' | 'ended'; userType?: 'artist' | 'studio' },
  now: string,
  after: { until: string; id: number } | undefined,
  limit: number,
): Promise<FeaturedUser[]> {
  const active = query.status === 'active';
  let q = db.selectFrom('users').select(['id', 'featured_until', 'user_type', 'username', 'name']).where('featured_until', 'is not', null);
  q = active ? q.where('featured_until', '>', now) : q.where('featured_until', '<=', now);
  if (query.userType) q = q.where('user_type', '=', query.userType);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('featured_until', active ? '>' : '<', after.until),
        eb.and([eb('featured_until', '=', after.until), eb('id', active ? '>' : '<', after.id)]),
      ]),
    );
  }
  return q
    .orderBy('featured_until', active ? 'asc' : 'desc')
    .orderBy('id', active ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

export interface PeriodRow {
  id: number;
  user_id: number;
  source: string;
  order_id: string | null;
  starts_at: string;
  ends_at: string;
  revoked_at: string | null;
  reason: string | null;
}

/** The users' periods, latest first. */
export function findPeriods(db: Db, userIds: number[]): Promise<PeriodRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('featured_periods')
    .select(['id', 'user_id', 'source', 'order_id', 'starts_at', 'ends_at', 'revoked_at', 'reason'])
    .where('user_id', 'in', userIds)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Users whose featured status ends within `days` days of `now` (and has not ended): the dashboard's count. */
export async function countFeaturedEndingSoon(db: Db, now: Date = new Date(), days = ENDING_SOON_DAYS): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('featured_until', '>', now.toISOString())
    .where('featured_until', '<=', new Date(now.getTime() + days * 86_400_000).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
