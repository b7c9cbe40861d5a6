import { z } from 'zod';
import { captionLength } from '../caption';
import { idNumber, pathId } from './ids';
import { PROMOTION_PRODUCTS, type PromotionProduct } from './payments';

export const POST_TYPES = ['feed_post', 'story', 'reel'] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_STATUSES = ['draft', 'planned', 'published', 'cancelled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Instagram's caption limit. */
export const POST_CAPTION_MAX = 2200;
export const HASHTAGS_MAX = 30;
export const HASHTAG_MAX_LENGTH = 100;
/** Upcoming posts (draft and planned) one account may keep. */
export const UPCOMING_POSTS_MAX = 100;
export const POSTS_PAGE = 20;

/** Letters and digits of any script and underscores, without '#'. */
export const HASHTAG_PATTERN = /^[\p{L}\p{N}_]{1,100}$/u;

export const postInputSchema = z.object({
  type: z.enum(POST_TYPES, 'postTypeInvalid'),
  // Counted in characters, as the form's counter counts them, not in UTF-16 units.
  caption: z
    .string('validation')
    .superRefine((caption, ctx) => {
      const length = captionLength(caption);
      if (length > POST_CAPTION_MAX) ctx.addIssue({ code: 'custom', message: 'captionTooLong', params: { length, max: POST_CAPTION_MAX } });
    })
    .default(''),
  hashtags: z
    .array(z.string('hashtagInvalid').regex(HASHTAG_PATTERN, 'hashtagInvalid'), 'hashtagInvalid')
    .max(HASHTAGS_MAX, 'hashtagsTooMany')
    .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, 'hashtagDuplicate')
    .default([]),
  /** ISO 8601 with an offset; required (and in the future) to plan. */
  plannedAt: z.iso.datetime({ offset: true, message: 'plannedAtInvalid' }).nullable().optional(),
  status: z.enum(['draft', 'planned', 'published', 'cancelled'], 'postStatusInvalid').default('draft'),
  mediaId: idNumber('mediaNotFound').nullable().optional(),
});
export type PostInput = z.infer<typeof postInputSchema>;

export const postParams = z.object({ id: pathId('validation', 'postNotFound') });
export const postListQuery = z.object({
  status: z.enum(['published', 'cancelled'], 'postStatusInvalid').optional(),
  page: z.coerce.number('validation').int('validation').min(1, 'validation').max(10_000, 'validation').default(1),
});
export const promotionSchema = z.object({ productType: z.enum(PROMOTION_PRODUCTS, 'productUnknown') });

export interface PostMedia {
  id: number;
  url: string;
  mediumUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface PostPromotion {
  id: number;
  productType: PromotionProduct;
  /** requested: waiting for the admin area; done; rejected: the credit came back. */
  status: 'requested' | 'done' | 'rejected';
  createdAt: string;
  /** Where the admin area published it on Instagram, once done. */
  permalink: string | null;
  /** Why the admin area rejected it. */
  reason: string | null;
}

export interface PlannedPost {
  id: number;
  type: PostType;
  caption: string;
  hashtags: string[];
  plannedAt: string | null;
  status: PostStatus;
  media: PostMedia | null;
  /** The first promotion booked on the post (null when none). */
  promotion: PostPromotion | null;
  /** Every promotion booked on the post. */
  promotions: PostPromotion[];
  createdAt: string;
  updatedAt: string;
  can: { edit: boolean; delete: boolean; promote: boolean };
}

export interface PostsAnswer {
  success: true;
  posts: PlannedPost[];
  page?: number;
  hasMore?: boolean;
}

export interface PostAnswer {
  success: true;
  post: PlannedPost;
  message?: string;
}

export interface MediaAnswer {
  success: true;
  media: PostMedia;
}
