import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { PROMOTION_DUE_HOURS, type PromotionsQuery } from '../../../common/schemas/admin-money';

/** The promotion requests as the admin area works through them: with their post, picture and owner. */

export interface RequestRow {
  id: number;
  product_type: string;
  status: string;
  permalink: string | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  post_id: number;
  post_type: string;
  caption: string;
  hashtags: string;
  planned_at: string | null;
  user_id: number;
  username: string;
  name: string;
  image_url: string | null;
  thumbnail_url: string | null;
}

const STATUS_OF = { open: 'requested', published: 'done', rejected: 'rejected' } as const;
const DAY_MS = 86_400_000;

/**
 * One page of requests after the cursor's row. Open ones by planned time, the earliest (so the
 * overdue) first; decided ones by decision, the latest first. `from`/`to` are whole UTC days of
 * the planned time.
 */
export function listRequests(db: Db, query: Omit<PromotionsQuery, 'cursor'>, after: { value: string; id: number } | undefined, limit: number): Promise<RequestRow[]> {
  const open = query.status === 'open';
  const key = open ? 'p.planned_at' : 'r.decided_at';
  let q = db
    .selectFrom('post_promotions as r')
    .innerJoin('instagram_posts as p', 'p.id', 'r.post_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('instagram_media as m', 'm.id', 'p.media_id')
    .select([
      'r.id', 'r.product_type', 'r.status', 'r.permalink', 'r.reason', 'r.created_at', 'r.decided_at',
      'p.id as post_id', 'p.type as post_type', 'p.caption', 'p.hashtags', 'p.planned_at',
      'u.id as user_id', 'u.username', 'u.name', 'm.image_url', 'm.thumbnail_url',
    ])
    .where('r.status', '=', STATUS_OF[query.status]);
  if (query.type) q = q.where('r.product_type', '=', query.type);
  if (query.from) q = q.where('p.planned_at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('p.planned_at', '<', new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString());
  // A request without a time (a post moved back to draft keeps its request) sorts as the
  // earliest: it needs a look first.
  const sortValue = sql<string>`coalesce(${sql.ref(key)}, '')`;
  if (after) {
    q = q.where((eb) =>
      eb.or([eb(sortValue, open ? '>' : '<', after.value), eb.and([eb(sortValue, '=', after.value), eb('r.id', open ? '>' : '<', after.id)])]),
    );
  }
  return q
    .orderBy(sortValue, open ? 'asc' : 'desc')
    .orderBy('r.id', open ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

export function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  return db
    .selectFrom('post_promotions as r')
    .innerJoin('instagram_posts as p', 'p.id', 'r.post_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('instagram_media as m', 'm.id', 'p.media_id')
    .select([
      'r.id', 'r.product_type', 'r.status', 'r.permalink', 'r.reason', 'r.created_at', 'r.decided_at',
      'p.id as post_id', 'p.type as post_type', 'p.caption', 'p.hashtags', 'p.planned_at',
      'u.id as user_id', 'u.username', 'u.name', 'm.image_url', 'm.thumbnail_url',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Where a mail about the request goes, in the owner's language. */
export function findOwnerContact(db: Db, userId: number): Promise<{ email: string; name: string; username: string; language: string | null } | undefined> {
  return db.selectFrom('users').select(['email', 'name', 'username', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** Open requests whose post is due within the next 48 hours or overdue: the dashboard's count. */
export async function countPromotionsDue(db: Db, now: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom('post_promotions as r')
    .innerJoin('instagram_posts as p', 'p.id', 'r.post_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('r.status', '=', 'requested')
    .where('p.planned_at', '<=', new Date(now.getTime() + PROMOTION_DUE_HOURS * 3_600_000).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
