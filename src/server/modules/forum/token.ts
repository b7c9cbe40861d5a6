import { createHmac, timingSafeEqual } from 'node:crypto';

// The purpose is part of what is signed: a token of the unread-message mail never passes here, nor this one there.
const PURPOSE = 'unsubscribe:forum-mail';

function mac(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

/**
 * The token of the forum digest's unsubscribe link: the user id and an HMAC of it under the
 * session secret. It needs no login, never expires, and can only turn the forum mails off.
 */
export function forumUnsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null when it was not made with this secret for this purpose. */
export function verifyForumUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
