/**
 * The port every payment provider implements (PayPal, the built-in test provider). The service
 * speaks only this language: an order at the provider is created, approved by the buyer,
 * captured (completed, pending, declined) or voided. Provider specifics (OAuth, request ids,
 * error names) stay behind it.
 */
export type ProviderName = 'paypal' | 'test';

export interface ProviderAmount {
  /** Decimal string as providers write it: "19.90". */
  value: string;
  currency: string;
}

/** What the provider says about one order, reduced to what we act on. */
export type ProviderOrderState =
  /** Not approved by the buyer (yet). */
  | { state: 'created' }
  /** Approved, not captured: a capture may take the money now. */
  | { state: 'approved' }
  | { state: 'completed'; captureId: string; amount: ProviderAmount }
  /** Captured but held (e-check, review); a webhook or a later look settles it. */
  | { state: 'pending'; captureId: string | null; amount: ProviderAmount | null }
  | { state: 'declined'; reason: string }
  /** Cancelled at the provider: it can never be captured. */
  | { state: 'voided' }
  /** The provider does not know the order. */
  | { state: 'unknown' };

export interface ProviderOrderInput {
  /** Our UUID: the provider's custom id and the idempotency key of the creation. */
  id: string;
  amountCents: number;
  currency: string;
  description: string;
}

/** Webhook delivery as it arrived: verification needs the headers and the exact body. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: ProviderOrderInput): Promise<{ providerOrderId: string }>;
  /**
   * Captures an approved order. `requestId` makes a repeat (a retry, a parallel call, the
   * reconciler after a crash) return the first capture instead of charging twice.
   */
  capture(providerOrderId: string, requestId: string): Promise<ProviderOrderState>;
  getOrder(providerOrderId: string): Promise<ProviderOrderState>;
  /** Only providers that send webhooks: whether the delivery really comes from them. */
  verifyWebhook?(delivery: WebhookDelivery): Promise<boolean>;
}

/** The provider could not be reached or answered with a server error: nothing is known. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/** Cents as the decimal string providers take and answer: 1990 → "19.90". */
export function centsToValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The capture's request id, derived from our order id so every retry sends the same one. */
export function captureRequestId(orderId: string): string {
  return `${orderId}-capture`;
}
