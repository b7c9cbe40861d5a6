import {
  averageRating,
  REVIEWS_PAGE_SIZE,
  reviewSchema,
  type Review,
  type ReviewCheck,
  type ReviewList,
  type ReviewStats,
} from '../../../common/schemas/reviews';
import type { SessionUser } from '../../../common/schemas/session';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-log';
import { AppError, forbidden, notFound } from '../../errors';
import { noInvalidation, tags } from '../../lib/answer-cache/index';
import { defineChange } from '../../lib/outbox/index';
import { REFUSAL_CODES, reviewPolicy } from './policy';
import { presentReview } from './presenter';
import * as repo from './repo';

const userNotFound = () => notFound('userNotFound');
const reviewNotFound = () => notFound('reviewNotFound');

export type ReviewInput = z.infer<typeof reviewSchema>;
export type ReviewDeps = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'invalidation' | 'outbox'>>;
export type ReviewService = ReturnType<typeof createReviewService>;

export function createReviewService({ db, invalidation = noInvalidation, outbox }: ReviewDeps) {
  // A rating shows on the user's profile and cards (featured, artist list) and orders no list:
  // the answers filed under the user are all it changes.
  const rating = defineChange<{ userId: number }>(outbox, invalidation, 'reviews.rated', ({ userId }) => [tags.user(userId)]);

  // An admin is staff, not an artist or studio: no public profile, so nothing to review or list.
  async function requireUser(id: number) {
    const user = await repo.findRatedUser(db, id);
    if (!user || user.role === 'admin') throw userNotFound();
    return user;
  }

  /** One page of a user's reviews, newest first, with the kept total and average. */
  async function listFor(userId: number, cursor: number | undefined, viewer: SessionUser | null): Promise<ReviewList> {
    const user = await requireUser(userId);
    const rows = await repo.listReceived(db, userId, { cursor, limit: REVIEWS_PAGE_SIZE + 1 });
    const page = rows.slice(0, REVIEWS_PAGE_SIZE);
    return {
      reviews: page.map((row) => presentReview(row, viewer)),
      totalReviews: user.rating_count,
      averageRating: averageRating(user.rating_sum, user.rating_count),
      nextCursor: rows.length > REVIEWS_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  async function stats(userId: number): Promise<ReviewStats> {
    const user = await requireUser(userId);
    return { success: true, totalReviews: user.rating_count, averageRating: averageRating(user.rating_sum, user.rating_count) };
  }

  /** Whether the viewer reviewed the user already (and the review), and whether a save would be accepted. */
  async function check(viewer: SessionUser, userId: number): Promise<ReviewCheck> {
    const reviewed = await requireUser(userId);
    const [row, blocked] = await Promise.all([repo.findPairReview(db, viewer.id, userId), repo.blockedEitherWay(db, viewer.id, userId)]);
    const reason = reviewPolicy.refusal(viewer, reviewed, blocked);
    return { hasReviewed: !!row, review: row ? presentReview(row, viewer) : null, canReview: reason === null, reason };
  }

  /**
   * Creates the pair's review or edits it (created tells which). The reviewer is the logged-in
   * user; the rules are checked before the write, and the unique pair index decides races.
   */
  async function save(viewer: SessionUser, input: ReviewInput): Promise<{ review: Review; created: boolean }> {
    if (input.reviewerId !== viewer.id) throw forbidden('reviewerMismatch');
    const reviewed = await requireUser(input.reviewedId);
    const reason = reviewPolicy.refusal(viewer, reviewed, reviewed.id !== viewer.id && (await repo.blockedEitherWay(db, viewer.id, reviewed.id)));
    if (reason) throw new AppError(403, REFUSAL_CODES[reason]);
    const comment = input.comment?.trim() || null;
    const saved = await rating.around({ userId: reviewed.id }, (within) =>
      repo.saveReview(db, { reviewerId: viewer.id, reviewedId: reviewed.id, rating: input.rating, comment, now: new Date().toISOString() }, within),
    );
    const row = await repo.findReview(db, saved.id);
    // Deleted between the write and this read (the reviewer's account, say).
    if (!row) throw reviewNotFound();
    return { review: presentReview(row, viewer), created: saved.created };
  }

  async function remove(viewer: SessionUser, id: number): Promise<void> {
    const row = await repo.findReview(db, id);
    if (!row) throw reviewNotFound();
    if (!reviewPolicy.delete(viewer, row)) throw forbidden();
    const gone = await rating.around({ userId: row.reviewed_id }, (within) =>
      db.transaction().execute(async (trx) => {
        if ((await repo.deleteReviewIn(trx, id)) === null) return false;
        // An admin deleting someone else's review is a moderation action: its audit entry commits with it.
        if (viewer.id !== row.reviewer_id) {
          await writeAudit(trx, {
            adminId: viewer.id,
            action: 'review.delete',
            targetType: 'review',
            targetId: id,
            details: { before: { reviewerId: row.reviewer_id, reviewedId: row.reviewed_id, rating: row.rating, comment: row.comment }, after: { exists: false } },
          });
        }
        await within(trx);
        return true;
      }),
    );
    if (!gone) throw reviewNotFound();
  }

  return {
    listFor,
    stats,
    check,
    save,
    remove,
    /** Account deletion: the reviews a user wrote leave the others' ratings before the account goes. */
    deleteWrittenBy: (userId: number) => repo.deleteReviewsBy(db, userId),
  };
}
