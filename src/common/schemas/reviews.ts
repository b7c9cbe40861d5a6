import { z } from 'zod';
import { text } from '../text';
import { REVIEW_COMMENT_MAX, REVIEWS_PAGE_SIZE, type UserType } from '../constants';
import { idNumber, pathId } from './ids';

export { REVIEW_COMMENT_MAX, REVIEWS_PAGE_SIZE };

/** POST /api/reviews/simple. Messages are keys of the errors namespace. */
export const reviewSchema = z.object({
  reviewerId: idNumber('validation'),
  reviewedId: idNumber('validation'),
  rating: z.number('ratingRequired').int('ratingRequired').min(1, 'ratingRequired').max(5, 'ratingRequired'),
  comment: text('validation').trim().max(REVIEW_COMMENT_MAX, 'tooLong').optional().nullable(),
});
export type ReviewInput = z.input<typeof reviewSchema>;

/** The user a review list, stats or check call is about: a malformed id 400, an unknown one 404. */
export const reviewUserParams = z.object({ id: pathId('validation', 'userNotFound') });
/** A review by its id (DELETE /api/reviews/{id}). */
export const reviewIdParams = z.object({ id: pathId('validation', 'reviewNotFound') });
/** The next page of a review list: the last review id seen. */
export const reviewListQuery = z.object({ cursor: pathId().optional() });

/** Why a review may not be written: to oneself, to the same account type, across a block, by staff (an admin). */
export type ReviewRefusal = 'self' | 'same_type' | 'blocked' | 'staff';

export interface ReviewPerson {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
}

export interface Review {
  id: number;
  reviewerId: number;
  reviewedId: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  updatedAt: string;
  reviewer: ReviewPerson;
  /** The latest completed stay between reviewer and reviewed (either way round), by its month `yyyy-mm`; null without one. */
  verifiedStay: { month: string } | null;
  can?: { edit: boolean; delete: boolean };
}

/** GET /api/reviews/user/{id}: newest first; `nextCursor` asks for the next page (`?cursor=`). */
export interface ReviewList {
  reviews: Review[];
  totalReviews: number;
  averageRating: number;
  nextCursor: number | null;
}

export interface ReviewStats {
  success: true;
  totalReviews: number;
  averageRating: number;
}

/** GET /api/reviews/check/{id}. */
export interface ReviewCheck {
  hasReviewed: boolean;
  review: Review | null;
  canReview: boolean;
  reason: ReviewRefusal | null;
}

/**
 * The mean to one decimal, rounded half up, from integer sum and count (0 without reviews):
 * integer arithmetic, so 17 / 4 = 4.25 gives 4.3 and never 4.2 through a float error.
 */
export function averageRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor((sum * 20 + count) / (2 * count)) / 10;
}
