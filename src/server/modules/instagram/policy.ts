import type { PostStatus } from '../../../common/schemas/instagram';
import type { SessionUser } from '../../../common/schemas/session';

type Owned = { user_id: number; status: string };

/**
 * The moves a post's status may make: a draft is planned or dropped back, a planned post is
 * posted, and anything still to come may be cancelled. Published and cancelled are final.
 */
export const POST_MOVES: Record<PostStatus, readonly PostStatus[]> = {
  draft: ['draft', 'planned', 'cancelled'],
  planned: ['planned', 'draft', 'published', 'cancelled'],
  published: [],
  cancelled: [],
};

export function canMove(from: string, to: PostStatus): boolean {
  return (POST_MOVES[from as PostStatus] ?? []).includes(to);
}

/** Whether featured status is active at `now`: the perk that creating and planning need. */
export function isFeatured(featuredUntil: string | null | undefined, now: Date): boolean {
  if (!featuredUntil) return false;
  const until = Date.parse(featuredUntil);
  return !Number.isNaN(until) && until > now.getTime();
}

/**
 * Planned posts are private to their owner: nobody else reads or changes them, not even an
 * admin through these calls (the admin area works on promotion requests, not on posts).
 */
export const postPolicy = {
  owns: (viewer: SessionUser | null, post: { user_id: number }) => !!viewer && viewer.id === post.user_id,
  can: (viewer: SessionUser | null, post: Owned) => {
    const own = postPolicy.owns(viewer, post);
    const open = post.status === 'draft' || post.status === 'planned';
    return { edit: own && open, delete: own, promote: own && post.status === 'planned' };
  },
};
