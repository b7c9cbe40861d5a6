import { sql, type Transaction } from 'kysely';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database } from '../../db/schema';
import type { Within } from '../../lib/outbox/index';

const REVIEW_COLUMNS = [
  'reviews.id', 'reviews.reviewer_id', 'reviews.reviewed_id', 'reviews.rating', 'reviews.comment', 'reviews.created_at',
  'reviews.updated_at', 'reviewer.name as reviewer_name', 'reviewer.username as reviewer_username',
  'reviewer.avatar as reviewer_avatar', 'reviewer.user_type as reviewer_user_type',
] as const;

/** A review with its reviewer's card, as REVIEW_COLUMNS read it. */
export interface ReviewRow {
  id: number;
  reviewer_id: number;
  reviewed_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
  reviewer_name: string;
  reviewer_username: string;
  reviewer_avatar: string | null;
  reviewer_user_type: string;
  /** The first day of the latest completed stay between the two, either way round; null without one. */
  verified_stay_start: string | null;
}

/**
 * The latest completed stay of the pair, correlated with each row, so a page reads its marks in
 * the same query. A stay counts once its last day has passed and it was not cancelled; the
 * stays' artist and studio indexes find the pair's few rows.
 */
const verifiedStayStart = (today: string) =>
  sql<string | null>`(select max(s.start_date) from stays s
    where s.status in ('confirmed', 'completed') and s.end_date < ${today}
    and ((s.artist_id = reviews.reviewer_id and s.studio_id = reviews.reviewed_id)
      or (s.studio_id = reviews.reviewer_id and s.artist_id = reviews.reviewed_id)))`.as('verified_stay_start');

const withReviewer = (db: Db) =>
  db.selectFrom('reviews').innerJoin('users as reviewer', 'reviewer.id', 'reviews.reviewer_id').select(REVIEW_COLUMNS).select(verifiedStayStart(todayInBerlin()));

/** The user a review is about or written by: type and the kept rating. */
export function findRatedUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'user_type', 'role', 'rating_sum', 'rating_count']).where('id', '=', id).executeTakeFirst();
}

/** One page of the reviews a user received, newest first (by id: ids grow with time), from before `cursor`. */
export function listReceived(db: Db, reviewedId: number, opts: { cursor?: number; limit: number }): Promise<ReviewRow[]> {
  let q = withReviewer(db).where('reviews.reviewed_id', '=', reviewedId);
  if (opts.cursor !== undefined) q = q.where('reviews.id', '<', opts.cursor);
  return q.orderBy('reviews.id', 'desc').limit(opts.limit).execute();
}

export function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  return withReviewer(db).where('reviews.id', '=', id).executeTakeFirst();
}

export function findPairReview(db: Db, reviewerId: number, reviewedId: number): Promise<ReviewRow | undefined> {
  return withReviewer(db).where('reviews.reviewer_id', '=', reviewerId).where('reviews.reviewed_id', '=', reviewedId).executeTakeFirst();
}

/** Whether either of two users blocked the other. */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SavedReview {
  id: number;
  created: boolean;
}

/**
 * Writes the pair's review and the reviewed user's rating in one transaction. The unique pair
 * index decides between parallel first reviews: the insert that loses does nothing (it waits
 * for the winner on PostgreSQL), and the call then edits the winner's row, locked, adjusting the
 * sum by the difference. Counts and sums change only by increments, never by a value read before.
 */
export async function saveReview(
  db: Db,
  input: { reviewerId: number; reviewedId: number; rating: number; comment: string | null; now: string },
  within?: Within,
): Promise<SavedReview> {
  const postgres = isPostgresDb(db);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reviews')
      .values({
        reviewer_id: input.reviewerId,
        reviewed_id: input.reviewedId,
        rating: input.rating,
        comment: input.comment,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.columns(['reviewer_id', 'reviewed_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx
        .updateTable('users')
        .set((eb) => ({ rating_sum: eb('rating_sum', '+', input.rating), rating_count: eb('rating_count', '+', 1) }))
        .where('id', '=', input.reviewedId)
        .execute();
      await within?.(trx);
      return { id: inserted.id, created: true };
    }
    let existing = trx
      .selectFrom('reviews')
      .select(['id', 'rating'])
      .where('reviewer_id', '=', input.reviewerId)
      .where('reviewed_id', '=', input.reviewedId);
    if (postgres) existing = existing.forUpdate();
    const old = await existing.executeTakeFirstOrThrow();
    await trx.updateTable('reviews').set({ rating: input.rating, comment: input.comment, updated_at: input.now }).where('id', '=', old.id).execute();
    if (old.rating !== input.rating) {
      await trx
        .updateTable('users')
        .set((eb) => ({ rating_sum: eb('rating_sum', '+', input.rating - old.rating) }))
        .where('id', '=', input.reviewedId)
        .execute();
    }
    await within?.(trx);
    return { id: old.id, created: false };
  });
}

/** Deletes a review and takes its rating off the reviewed user, in one transaction; false when it was gone already. */
export async function deleteReview(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => (await deleteReviewIn(trx, id)) !== null);
}

/**
 * The same inside the caller's transaction (moderation removes a review together with closing
 * its reports and the audit entry); answers the reviewed user's id, or null when there was none.
 */
export async function deleteReviewIn(trx: Transaction<Database>, id: number): Promise<number | null> {
  const gone = await trx.deleteFrom('reviews').where('id', '=', id).returning(['reviewed_id', 'rating']).executeTakeFirst();
  if (!gone) return null;
  await trx
    .updateTable('users')
    .set((eb) => ({ rating_sum: eb('rating_sum', '-', gone.rating), rating_count: eb('rating_count', '-', 1) }))
    .where('id', '=', gone.reviewed_id)
    .execute();
  return gone.reviewed_id;
}

/**
 * Deletes every review a user wrote and takes them off the reviewed users' ratings, in one
 * transaction of two statements whatever their number (account deletion; the reviews the user
 * received go with the row by the foreign key).
 */
export async function deleteReviewsBy(db: Db, reviewerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => {
        // Correlated with the row being updated: what this reviewer gave that user.
        const given = eb.selectFrom('reviews as r').where('r.reviewer_id', '=', reviewerId).whereRef('r.reviewed_id', '=', 'users.id');
        return {
          rating_sum: eb('rating_sum', '-', given.select(sql<number>`coalesce(sum(r.rating), 0)`.as('v'))),
          rating_count: eb('rating_count', '-', given.select(sql<number>`count(r.id)`.as('v'))),
        };
      })
      .where('id', 'in', (eb) => eb.selectFrom('reviews').select('reviewed_id').where('reviewer_id', '=', reviewerId))
      .execute();
    await trx.deleteFrom('reviews').where('reviewer_id', '=', reviewerId).execute();
  });
}
