import { tags } from '../../lib/answer-cache/index';
import { eventKey, type EventKind, type Outbox } from '../../lib/outbox/index';
import type { ReceiptService } from './receipts';

/** A completed order, as its outbox event carries it. */
export interface PaymentCompleted {
  orderId: string;
  /** Null once the buyer's account is gone. */
  userId: number | null;
}

/**
 * The completion's event, defined once per outbox: the receipt mail (one file, one Message-ID
 * however often it is delivered) and the answers a completion changes: the buyer's session and
 * cards carry featuredUntil; the featured lists and the listings order by it.
 */
export function definePaymentCompleted(outbox: Pick<Outbox, 'define'>, receipts: Pick<ReceiptService, 'mailReceipt'>): EventKind<PaymentCompleted> {
  return outbox.define<PaymentCompleted>('payment.completed', {
    tags: ({ userId }) =>
      userId === null ? [] : [tags.user(userId), tags.profile(userId), tags.featured, tags.artists, tags.listings('guest-spots'), tags.listings('availabilities')],
    deliver: async ({ orderId }, event) => void (await receipts.mailReceipt(orderId, eventKey(event))),
  });
}
