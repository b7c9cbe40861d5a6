import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { ReportsTable } from '../../db/schema';

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Blocks `blockedId` for `blockerId`; false when the block was there already (the primary key decides). */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocked_id')
    .execute();
  return rows.length > 0;
}

/** Lifts a block; false when there was none. */
export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface BlockRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  created_at: string;
}

/** The users `blockerId` blocked, newest first, from after the cursor (created_at, then id, both descending). */
export function listBlocks(db: Db, blockerId: number, limit: number, after?: { createdAt: string; id: number }): Promise<BlockRow[]> {
  let query = db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', 'users.name', 'users.username', 'users.avatar', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('blocks.created_at', '<', after.createdAt),
        eb.and([eb('blocks.created_at', '=', after.createdAt), eb('blocks.blocked_id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('blocks.created_at', 'desc').orderBy('blocks.blocked_id', 'desc').limit(limit).execute();
}

/** A message with the names of both sides, for the report's snapshot. */
export function findMessageTarget(db: Db, id: number) {
  return db
    .selectFrom('messages')
    .innerJoin('users as sender', 'sender.id', 'messages.sender_id')
    .innerJoin('users as receiver', 'receiver.id', 'messages.receiver_id')
    .select([
      'messages.id', 'messages.sender_id', 'messages.receiver_id', 'messages.content', 'messages.created_at',
      'sender.name as sender_name', 'sender.username as sender_username',
      'receiver.name as receiver_name', 'receiver.username as receiver_username',
    ])
    .where('messages.id', '=', id)
    .executeTakeFirst();
}

/** A review with the names of both sides, for the report's snapshot. */
export function findReviewTarget(db: Db, id: number) {
  return db
    .selectFrom('reviews')
    .innerJoin('users as reviewer', 'reviewer.id', 'reviews.reviewer_id')
    .innerJoin('users as reviewed', 'reviewed.id', 'reviews.reviewed_id')
    .select([
      'reviews.id', 'reviews.reviewer_id', 'reviews.reviewed_id', 'reviews.rating', 'reviews.comment',
      'reviews.created_at', 'reviews.updated_at',
      'reviewer.name as reviewer_name', 'reviewer.username as reviewer_username',
      'reviewed.name as reviewed_name', 'reviewed.username as reviewed_username',
    ])
    .where('reviews.id', '=', id)
    .executeTakeFirst();
}

/** A portfolio image with its owner, for the report's snapshot; a hidden one is gone for everyone but its owner. */
export function findImageTarget(db: Db, id: number) {
  return db
    .selectFrom('gallery_images')
    .innerJoin('users', 'users.id', 'gallery_images.user_id')
    .select([
      'gallery_images.id', 'gallery_images.user_id', 'gallery_images.thumbnail_url', 'gallery_images.medium_url',
      'gallery_images.caption', 'gallery_images.created_at', 'gallery_images.hidden_at',
      'users.name as owner_name', 'users.username as owner_username',
    ])
    .where('gallery_images.id', '=', id)
    .executeTakeFirst();
}

/** A guest spot or an availability with its owner, for the report's snapshot. */
export async function findListingTarget(db: Db, type: 'guest_spot' | 'availability', id: number) {
  const query =
    type === 'guest_spot'
      ? db.selectFrom('guest_spots as l').innerJoin('users', 'users.id', 'l.studio_id').select('l.studio_id as owner_id')
      : db.selectFrom('availabilities as l').innerJoin('users', 'users.id', 'l.artist_id').select('l.artist_id as owner_id');
  return query
    .select([
      'l.id', 'l.slug', 'l.title', 'l.description', 'l.start_date', 'l.end_date', 'l.hidden_at',
      'users.name as owner_name', 'users.username as owner_username',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** A forum thread with its opening post and author, for the report's snapshot. */
export function findForumThreadTarget(db: Db, id: number) {
  return db
    .selectFrom('forum_threads as t')
    .innerJoin('forum_posts as p', (join) => join.onRef('p.thread_id', '=', 't.id').on('p.is_opening', '=', 1))
    .innerJoin('users', 'users.id', 't.author_id')
    .select([
      't.id', 't.slug', 't.title', 't.author_id', 't.hidden_at', 't.deleted_at', 't.created_at', 'p.body',
      'users.name as owner_name', 'users.username as owner_username',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** A forum reply with its thread and author, for the report's snapshot (an opening post is reported as its thread). */
export function findForumPostTarget(db: Db, id: number) {
  return db
    .selectFrom('forum_posts as p')
    .innerJoin('forum_threads as t', 't.id', 'p.thread_id')
    .innerJoin('users', 'users.id', 'p.author_id')
    .select([
      'p.id', 'p.thread_id', 'p.author_id', 'p.body', 'p.hidden_at', 'p.created_at', 't.title', 't.slug', 't.hidden_at as thread_hidden_at',
      'users.name as owner_name', 'users.username as owner_username',
    ])
    .where('p.id', '=', id)
    .where('p.is_opening', '=', 0)
    .executeTakeFirst();
}

/** The admins, who hear of each new report on their open tabs. */
export async function adminIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map((r) => r.id);
}

export function findUserTarget(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'username', 'user_type', 'avatar', 'bio']).where('id', '=', id).executeTakeFirst();
}

// What each snapshot query reads, as Kysely infers it from the selected columns.
type Found<F extends (db: Db, id: number) => Promise<unknown>> = NonNullable<Awaited<ReturnType<F>>>;
export type MessageTargetRow = Found<typeof findMessageTarget>;
export type ReviewTargetRow = Found<typeof findReviewTarget>;
export type UserTargetRow = Found<typeof findUserTarget>;
export type ImageTargetRow = Found<typeof findImageTarget>;
export type ListingTargetRow = NonNullable<Awaited<ReturnType<typeof findListingTarget>>>;
export type ForumThreadTargetRow = Found<typeof findForumThreadTarget>;
export type ForumPostTargetRow = Found<typeof findForumPostTarget>;

export type ReportRow = Selectable<ReportsTable>;

export interface NewReport {
  reporterId: number;
  targetType: string;
  targetId: number;
  targetUserId: number;
  reason: string;
  details: string | null;
  snapshot: string;
  now: string;
}

/**
 * Stores a report unless this reporter has an open report on the target: the partial unique
 * index reports_open_once_idx decides, so parallel repeats store one (a closed report does not
 * count, so what comes back after a dismissal can be reported again). Answers the stored
 * report and whether this call made it.
 */
export async function insertReportOnce(db: Db, report: NewReport): Promise<{ row: ReportRow; created: boolean }> {
  const inserted = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      target_type: report.targetType,
      target_id: report.targetId,
      target_user_id: report.targetUserId,
      reason: report.reason,
      details: report.details,
      snapshot: report.snapshot,
      created_at: report.now,
    })
    // The index's predicate, written as a literal so both engines match the partial index.
    .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).where(sql<boolean>`status = 'open'`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const first = await db
    .selectFrom('reports')
    .selectAll()
    .where('reporter_id', '=', report.reporterId)
    .where('target_type', '=', report.targetType)
    .where('target_id', '=', report.targetId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { row: first, created: false };
}
