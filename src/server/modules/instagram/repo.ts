import type { Selectable, Transaction } from 'kysely';
import { UPCOMING_POSTS_MAX } from '../../../common/schemas/instagram';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, InstagramMediaTable, InstagramPostsTable, PostPromotionsTable } from '../../db/schema';
import { pictureColumns, type NewPicture } from '../../lib/images/index';

/** The database or an open transaction: the service runs several of these in one. */
export type Conn = Db | Transaction<Database>;

export type PostRow = Selectable<InstagramPostsTable>;
export type MediaRow = Selectable<InstagramMediaTable>;
export type PromotionRow = Selectable<PostPromotionsTable>;

/** The statuses that count as upcoming: still to be posted. */
export const UPCOMING_STATUSES = ['draft', 'planned'] as const;

const lockable = (conn: Conn) => conn.isTransaction && isPostgresDb(conn);

export function findPost(conn: Conn, id: number): Promise<PostRow | undefined> {
  return conn.selectFrom('instagram_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's own post, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a time). */
export function lockOwnPost(trx: Conn, userId: number, id: number): Promise<PostRow | undefined> {
  let q = trx.selectFrom('instagram_posts').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lockable(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * The upcoming posts (draft and planned) of a user: the soonest first, drafts without a date
 * last, newest draft last. Times are stored in UTC, so the text order is the time order.
 */
export function listUpcoming(conn: Conn, userId: number, limit = UPCOMING_POSTS_MAX): Promise<PostRow[]> {
  return conn
    .selectFrom('instagram_posts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [...UPCOMING_STATUSES])
    .orderBy((eb) => eb.case().when('planned_at', 'is', null).then(1).else(0).end())
    .orderBy('planned_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** One page of the user's published or cancelled posts, the latest change first; `limit` + 1 rows tell whether more follow. */
export function listClosed(conn: Conn, userId: number, status: 'published' | 'cancelled', offset: number, limit: number): Promise<PostRow[]> {
  return conn
    .selectFrom('instagram_posts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', status)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findMediaByIds(conn: Conn, ids: number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return conn.selectFrom('instagram_media').selectAll().where('id', 'in', ids).execute();
}

/** The user's own media; inside a PostgreSQL transaction held shared, so it stays until the post pointing at it is written. */
export function findOwnMedia(conn: Conn, userId: number, id: number): Promise<MediaRow | undefined> {
  let q = conn.selectFrom('instagram_media').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lockable(conn)) q = q.forShare();
  return q.executeTakeFirst();
}

/** Every promotion of the posts, oldest first. */
export function findPromotions(conn: Conn, postIds: number[]): Promise<PromotionRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return conn.selectFrom('post_promotions').selectAll().where('post_id', 'in', postIds).orderBy('id', 'asc').execute();
}

/** What a post holds that its author writes. */
export interface PostFields {
  type: string;
  caption: string;
  hashtags: string[];
  plannedAt: string | null;
  status: string;
  mediaId: number | null;
}

export interface NewPost extends PostFields {
  userId: number;
  now: string;
}

/**
 * The user's row with its featured end, locked for the rest of the transaction on PostgreSQL:
 * parallel creations of one user queue here, so the count of upcoming posts they read is the
 * one they write against (SQLite runs one writer at a time anyway).
 */
export function lockUser(trx: Conn, userId: number): Promise<{ id: number; featured_until: string | null } | undefined> {
  let q = trx.selectFrom('users').select(['id', 'featured_until']).where('id', '=', userId);
  if (lockable(trx)) q = q.forNoKeyUpdate();
  return q.executeTakeFirst();
}

export async function countUpcoming(conn: Conn, userId: number): Promise<number> {
  const row = await conn
    .selectFrom('instagram_posts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', [...UPCOMING_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertPost(trx: Conn, post: NewPost): Promise<number> {
  const row = await trx
    .insertInto('instagram_posts')
    .values({
      user_id: post.userId,
      type: post.type,
      caption: post.caption,
      hashtags: JSON.stringify(post.hashtags),
      planned_at: post.plannedAt,
      status: post.status,
      media_id: post.mediaId,
      reminded_at: null,
      published_at: null,
      created_at: post.now,
      updated_at: post.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PostChange extends PostFields {
  /** Cleared when the planned time moves, so the new time gets its own reminder. */
  resetReminder: boolean;
  publishedAt: string | null;
  now: string;
}

export async function updatePost(trx: Conn, id: number, change: PostChange): Promise<void> {
  await trx
    .updateTable('instagram_posts')
    .set({
      type: change.type,
      caption: change.caption,
      hashtags: JSON.stringify(change.hashtags),
      planned_at: change.plannedAt,
      status: change.status,
      media_id: change.mediaId,
      published_at: change.publishedAt,
      updated_at: change.now,
      ...(change.resetReminder ? { reminded_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the post's promotions still waiting for the admin area out, answering their kinds so
 * the credits go back. One statement: a decision running at the same time either saw the row
 * first (and this misses it) or finds it gone.
 */
export async function withdrawRequestedPromotions(trx: Conn, postId: number): Promise<string[]> {
  const rows = await trx.deleteFrom('post_promotions').where('post_id', '=', postId).where('status', '=', 'requested').returning('product_type').execute();
  return rows.map((r) => r.product_type);
}

export async function deletePost(trx: Conn, id: number): Promise<void> {
  await trx.deleteFrom('instagram_posts').where('id', '=', id).execute();
}

/** Deletes the media row when no post shows it (checked in the same statement); answers its URLs when it went. */
export async function deleteUnusedMedia(conn: Conn, mediaId: number): Promise<string[]> {
  const row = await conn
    .deleteFrom('instagram_media')
    .where('id', '=', mediaId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('instagram_posts').select('instagram_posts.id').where('instagram_posts.media_id', '=', mediaId))))
    .returning(['image_url', 'medium_url', 'thumbnail_url'])
    .executeTakeFirst();
  return row ? [row.image_url, row.medium_url, row.thumbnail_url] : [];
}

export async function insertMedia(conn: Conn, media: NewPicture): Promise<number> {
  const row = await conn
    .insertInto('instagram_media')
    .values({
      ...pictureColumns(media),
      created_at: media.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's picture by its large variant's URL (unique per stored picture), for an upload's retry. */
export function findUserMediaByUrl(conn: Conn, userId: number, imageUrl: string) {
  return conn
    .selectFrom('instagram_media')
    .select(['id', 'image_url', 'medium_url', 'thumbnail_url', 'width', 'height'])
    .where('user_id', '=', userId)
    .where('image_url', '=', imageUrl)
    .executeTakeFirst();
}

export async function findMediaUrlsOfUser(conn: Conn, userId: number): Promise<string[]> {
  const rows = await conn.selectFrom('instagram_media').select('image_url').where('user_id', '=', userId).execute();
  return rows.map((r) => r.image_url);
}

/** When the user's featured status ends (null when never, undefined when the user is gone). */
export async function featuredUntil(conn: Conn, userId: number): Promise<string | null | undefined> {
  const row = await conn.selectFrom('users').select('featured_until').where('id', '=', userId).executeTakeFirst();
  return row ? row.featured_until : undefined;
}

/**
 * Sets a requested promotion to done or rejected; the guard on the status lets one decision
 * win. Answers the updated row, or undefined when it was not requested (any more).
 */
export function decidePromotion(
  trx: Conn,
  id: number,
  status: 'done' | 'rejected',
  now: string,
  extra: { permalink?: string | null; reason?: string | null } = {},
): Promise<PromotionRow | undefined> {
  return trx
    .updateTable('post_promotions')
    .set({ status, decided_at: now, permalink: extra.permalink ?? null, reason: extra.reason ?? null })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .returningAll()
    .executeTakeFirst();
}

/** A promotion still waiting for the admin area, locked for the rest of the transaction on PostgreSQL. */
export function lockRequestedPromotion(trx: Conn, id: number): Promise<PromotionRow | undefined> {
  let q = trx.selectFrom('post_promotions').selectAll().where('id', '=', id).where('status', '=', 'requested');
  if (lockable(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Moves a planned post to another time; the new time earns its own reminder. */
export async function movePlannedAt(trx: Conn, postId: number, plannedAt: string, now: string): Promise<void> {
  await trx.updateTable('instagram_posts').set({ planned_at: plannedAt, reminded_at: null, updated_at: now }).where('id', '=', postId).execute();
}

export function findPromotion(conn: Conn, id: number): Promise<PromotionRow | undefined> {
  return conn.selectFrom('post_promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface DueReminder {
  id: number;
  user_id: number;
  caption: string;
  hashtags: string;
  planned_at: string | null;
  type: string;
  email: string;
  name: string;
  username: string;
  language: string | null;
}

/** Planned posts whose time has come and whose reminder nobody claimed yet, the oldest first. */
export function findDueReminders(conn: Conn, now: string, limit: number): Promise<DueReminder[]> {
  return conn
    .selectFrom('instagram_posts')
    .innerJoin('users', 'users.id', 'instagram_posts.user_id')
    .select([
      'instagram_posts.id', 'instagram_posts.user_id', 'instagram_posts.caption', 'instagram_posts.hashtags', 'instagram_posts.planned_at',
      'instagram_posts.type', 'users.email', 'users.name', 'users.username', 'users.language',
    ])
    .where('instagram_posts.status', '=', 'planned')
    .where('instagram_posts.reminded_at', 'is', null)
    .where('instagram_posts.planned_at', '<=', now)
    .orderBy('instagram_posts.planned_at', 'asc')
    .orderBy('instagram_posts.id', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Claims reminders: only the rows still planned, due and unclaimed are taken, in one guarded
 * update, so of several processes exactly one gets each post. Answers the ids this call took.
 */
export async function claimReminders(conn: Conn, ids: number[], now: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await conn
    .updateTable('instagram_posts')
    .set({ reminded_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'planned')
    .where('reminded_at', 'is', null)
    .where('planned_at', '<=', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Adds `count` to the user's credits of a kind in one statement, so parallel grants add up. */
export async function incrementCredits(conn: Conn, userId: number, productType: string, count: number): Promise<void> {
  await conn
    .insertInto('user_credits')
    .values({ user_id: userId, product_type: productType, count })
    .onConflict((oc) => oc.columns(['user_id', 'product_type']).doUpdateSet((eb) => ({ count: eb('user_credits.count', '+', count) })))
    .execute();
}

export function findCredits(conn: Conn, userId: number): Promise<{ product_type: string; count: number }[]> {
  return conn.selectFrom('user_credits').select(['product_type', 'count']).where('user_id', '=', userId).execute();
}

/** Takes one credit of a kind, guarded by `count > 0`; false when there was none. */
export async function takeCredit(conn: Conn, userId: number, productType: string): Promise<boolean> {
  const spent = await conn
    .updateTable('user_credits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('user_id', '=', userId)
    .where('product_type', '=', productType)
    .where('count', '>', 0)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) > 0;
}

/** Files a promotion request; false when the post has one of this kind already (the unique index). */
export async function insertPromotionRequest(
  conn: Conn,
  request: { postId: number; userId: number; productType: string; orderId: string | null; now: string },
): Promise<boolean> {
  const filed = await conn
    .insertInto('post_promotions')
    .values({
      post_id: request.postId,
      user_id: request.userId,
      product_type: request.productType,
      status: 'requested',
      order_id: request.orderId,
      created_at: request.now,
      decided_at: null,
    })
    .onConflict((oc) => oc.columns(['post_id', 'product_type']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!filed;
}

/** The user's own planned post; locked inside a PostgreSQL transaction. */
export function findPlannedPost(conn: Conn, userId: number, postId: number): Promise<{ id: number; user_id: number; type: string; status: string } | undefined> {
  let q = conn
    .selectFrom('instagram_posts')
    .select(['id', 'user_id', 'type', 'status'])
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .where('status', '=', 'planned');
  if (lockable(conn)) q = q.forUpdate();
  return q.executeTakeFirst();
}
