import { vi } from 'vitest';
import type { PlannedPost, PostMedia } from '../../../common/schemas/instagram';
import type { ProductsAnswer } from '../../../common/schemas/payments';

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

export function createProducts(overrides: Partial<ProductsAnswer> = {}): ProductsAnswer {
  const product = (productType: ProductsAnswer['products'][number]['productType'], amountCents: number) => ({
    productType,
    amountCents,
    amount: amountCents / 100,
    currency: 'EUR' as const,
    purchasable: true,
  });
  return {
    success: true,
    products: [
      product('featured_artist', 1990),
      { ...product('featured_studio', 1990), purchasable: false },
      product('instagram_feed_post', 990),
      product('instagram_story', 990),
      product('instagram_reel', 1490),
    ],
    credits: { instagram_feed_post: 1, instagram_story: 1, instagram_reel: 0 },
    available: true,
    provider: 'test',
    ...overrides,
  };
}

/** A featured status that ends in a week. */
export const FEATURED_UNTIL = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers the page's fetch calls by method and path prefix (`'GET /api/instagram/posts'`), the
 * longest prefix first, and records every call with its JSON body.
 */
export function mockApi(routes: Record<string, (url: string, body: unknown) => Response | Promise<Response>>): ApiCall[] {
  const calls: ApiCall[] = [];
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const key = keys.find((k) => {
        const [m, prefix] = k.split(' ') as [string, string];
        return m === method && url.startsWith(prefix);
      });
      if (!key) throw new Error(`unexpected request ${method} ${url}`);
      return (routes[key] as (url: string, body: unknown) => Response | Promise<Response>)(url, body);
    }),
  );
  return calls;
}
