import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An HMAC under the session secret of a purpose and some values. The purpose is part of what is
 * signed, so a token made for one link (a mail's unsubscribe, an appeal) never passes for another.
 */
export function purposeMac(secret: string, purpose: string, ...values: (string | number)[]): string {
  return createHmac('sha256', secret).update([purpose, ...values].join(':')).digest('base64url');
}

/** Whether a MAC someone sent equals the expected one, compared in constant time. */
export function macMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A link token naming a user: the id and its MAC for the purpose. It needs no login and never
 * expires (an old mail's link keeps working); the signature is the only authority, so its
 * purposes are ones that can only turn something off.
 */
export function userToken(secret: string, purpose: string, userId: number): string {
  return `${userId}.${purposeMac(secret, purpose, userId)}`;
}

/** The user id a token was made for, or null when it was not made with this secret for this purpose. */
export function verifyUserToken(secret: string, purpose: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  return macMatches(match[2] as string, purposeMac(secret, purpose, userId)) ? userId : null;
}
