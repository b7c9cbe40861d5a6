import type { Limit } from '../../lib/rate-limit/index';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Messages a sender may send, applications included. */
export const MESSAGES_PER_MINUTE: Limit = { name: 'messageMinute', max: 60, windowMs: MINUTE_MS };
export const MESSAGES_PER_DAY: Limit = { name: 'messageDay', max: 1000, windowMs: DAY_MS };

/** An account is new for this long; new accounts start fewer conversations a day, which is what spam does. */
export const NEW_ACCOUNT_MS = 7 * DAY_MS;

/**
 * Conversations a sender may start a day (a first message to a contact, and every
 * application): 20 in the account's first 7 days, 100 after. One key for both, so an account
 * turning 7 days old keeps what it used that day.
 */
export function newConversationLimit(accountCreatedAt: string, now = Date.now()): Limit {
  const young = now - Date.parse(accountCreatedAt) < NEW_ACCOUNT_MS;
  return { name: 'newConversation', max: young ? 20 : 100, windowMs: DAY_MS };
}
