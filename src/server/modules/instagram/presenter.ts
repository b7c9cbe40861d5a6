import type { PlannedPost, PostMedia, PostPromotion, PostStatus, PostType } from '../../../common/schemas/instagram';
import type { PromotionProduct } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import { postPolicy } from './policy';
import type { MediaRow, PostRow, PromotionRow } from './repo';

export function presentMedia(row: MediaRow): PostMedia {
  return { id: row.id, url: row.image_url, mediumUrl: row.medium_url, thumbnailUrl: row.thumbnail_url, width: row.width, height: row.height };
}

export function presentPromotion(row: PromotionRow): PostPromotion {
  return {
    id: row.id,
    productType: row.product_type as PromotionProduct,
    status: row.status as PostPromotion['status'],
    createdAt: row.created_at,
    permalink: row.permalink ?? null,
    reason: row.reason ?? null,
  };
}

/** The stored JSON list of hashtags; a damaged value reads as none rather than failing the answer. */
export function parseHashtags(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A post as its owner sees it, with its picture, its promotions and what the viewer may do. */
export function presentPost(row: PostRow, media: MediaRow | undefined, promotions: PromotionRow[], viewer: SessionUser | null): PlannedPost {
  const presented = promotions.map(presentPromotion);
  return {
    id: row.id,
    type: row.type as PostType,
    caption: row.caption,
    hashtags: parseHashtags(row.hashtags),
    plannedAt: row.planned_at,
    status: row.status as PostStatus,
    media: media ? presentMedia(media) : null,
    promotion: presented[0] ?? null,
    promotions: presented,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    can: postPolicy.can(viewer, row),
  };
}
