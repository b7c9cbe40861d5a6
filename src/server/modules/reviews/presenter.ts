import type { UserType } from '../../../common/constants';
import type { Review } from '../../../common/schemas/reviews';
import type { SessionUser } from '../../../common/schemas/session';
import { reviewPolicy } from './policy';
import type { ReviewRow } from './repo';

/**
 * A review as every answer carries it, with the reviewer's card and what the viewer may do.
 * The comment is the text as written: the web renders it as text, never as HTML.
 */
export function presentReview(row: ReviewRow, viewer: SessionUser | null): Review {
  return {
    id: row.id,
    reviewerId: row.reviewer_id,
    reviewedId: row.reviewed_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reviewer: {
      id: row.reviewer_id,
      name: row.reviewer_name,
      username: row.reviewer_username,
      avatar: row.reviewer_avatar,
      userType: row.reviewer_user_type as UserType,
    },
    verifiedStay: row.verified_stay_start ? { month: row.verified_stay_start.slice(0, 7) } : null,
    can: reviewPolicy.can(viewer, row),
  };
}
