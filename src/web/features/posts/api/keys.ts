/** The query keys of the posts feature, in one place so writes refresh what reads cached. */
export const postKeys = {
  all: ['instagram-posts'] as const,
  upcoming: () => ['instagram-posts', 'upcoming'] as const,
  past: (status: 'published' | 'cancelled') => ['instagram-posts', 'past', status] as const,
  one: (id: number) => ['instagram-posts', 'one', id] as const,
  /**
   * The catalogue with the viewer's credits, as the upsell page reads it. Kept under this
   * feature's key: the payments feature caches the same call in its own shape.
   */
  products: ['instagram-posts', 'products'] as const,
};
