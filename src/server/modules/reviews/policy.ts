import type { UserType } from '../../../common/constants';
import type { Can } from '../../../common/schemas/can';
import type { ReviewRefusal } from '../../../common/schemas/reviews';
import type { SessionUser } from '../../../common/schemas/session';

type Written = { reviewer_id: number };

/**
 * Who may review whom and who may change a review: only across the account types (an artist
 * reviews studios, a studio artists), never oneself, never across a block, never by staff (an
 * admin's account type is a formality); the reviewer edits, the reviewer or an admin deletes.
 */
export const reviewPolicy = {
  /** Why `reviewer` may not review `reviewed`, or null when it may. */
  refusal(reviewer: { id: number; userType: UserType | string; role?: string }, reviewed: { id: number; user_type: string }, blocked: boolean): ReviewRefusal | null {
    if (reviewer.id === reviewed.id) return 'self';
    if (reviewer.role === 'admin') return 'staff';
    if (reviewer.userType === reviewed.user_type) return 'same_type';
    if (blocked) return 'blocked';
    return null;
  },
  edit: (user: SessionUser, review: Written) => user.id === review.reviewer_id,
  delete: (user: SessionUser, review: Written) => user.id === review.reviewer_id || user.role === 'admin',
  /** What the viewer may do with a review, as its answer carries it. */
  can: (viewer: SessionUser | null, review: Written): Can => ({
    edit: !!viewer && reviewPolicy.edit(viewer, review),
    delete: !!viewer && reviewPolicy.delete(viewer, review),
  }),
};

/** The error code of each refusal, answered with 403. */
export const REFUSAL_CODES: Record<ReviewRefusal, string> = {
  self: 'reviewSelf',
  same_type: 'reviewSameType',
  blocked: 'reviewBlocked',
  staff: 'reviewStaff',
};
