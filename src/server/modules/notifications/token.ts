import { createHmac, timingSafeEqual } from 'node:crypto';

// The purpose is part of what is signed, so a token made for this can never pass for another signed value.
const PURPOSE = 'unsubscribe:message-mail';

function mac(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

/**
 * The token of a user's unsubscribe link: the user id and an HMAC of it under the session
 * secret. It needs no login and never expires (an old mail's link keeps working); the
 * signature is the only authority, and it can only turn mails off.
 */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
