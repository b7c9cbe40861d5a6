import type { PlannedPost, PostMedia } from '../../../common/schemas/instagram';
import type { ProductsAnswer } from '../../../common/schemas/payments';
import { createProducts as createSharedProducts } from '../../test/factories';

// Test data of this feature (imported by its tests only).

let nextId = 700;

export function createPostMedia(overrides: Partial<PostMedia> = {}): PostMedia {
  const id = overrides.id ?? nextId++;
  const base = `/uploads/instagram/41/${id}`;
  return { id, url: `${base}-large.webp`, mediumUrl: `${base}-medium.webp`, thumbnailUrl: `${base}-thumbnail.webp`, width: 1080, height: 1350, ...overrides };
}

/** A planned post as the API answers it, planned for tomorrow 18:30 local time unless told otherwise. */
export function createPost(overrides: Partial<PlannedPost> = {}): PlannedPost {
  const id = overrides.id ?? nextId++;
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(18, 30, 0, 0);
  return {
    id,
    type: 'feed_post',
    caption: 'Fresh fine line piece, healed after three weeks.',
    hashtags: ['fineline', 'tattoo'],
    plannedAt: tomorrow.toISOString(),
    status: 'planned',
    media: createPostMedia(),
    promotion: null,
    promotions: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    can: { edit: true, delete: true, promote: true },
    ...overrides,
  };
}

/** The catalogue with the credits a newly featured artist holds (one feed post, one story). */
export function createProducts(overrides: Partial<ProductsAnswer> = {}): ProductsAnswer {
  return createSharedProducts({ credits: { instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 }, ...overrides });
}

/** A featured status that ends in a week. */
export const FEATURED_UNTIL = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export { mockApi, type ApiCall } from '../../test/mock-api';
