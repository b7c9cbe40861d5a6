/** The query keys of the payments feature, in one place so a finished purchase refreshes what reads cached. */
export const paymentKeys = {
  all: ['payments'] as const,
  products: ['payments', 'products'] as const,
  paypalConfig: ['payments', 'paypal-config'] as const,
  history: ['payments', 'history'] as const,
  receipt: (id: string) => ['payments', 'receipt', id] as const,
  testOrder: (orderId: string) => ['payments', 'test-order', orderId] as const,
};

/**
 * Query keys of other features whose answers a purchase changes: the posts pages cache the
 * catalogue's credits and the promotion state of a post under this key.
 */
export const PURCHASE_DEPENDENT_KEYS = [paymentKeys.all, ['instagram-posts']] as const;
