import { macMatches, purposeMac } from '../../lib/signed-token';

const PURPOSE = 'appeal:suspension';

/** Days after a suspension within which its one appeal may be sent. */
export const APPEAL_DAYS = 20;
const DAY_MS = 24 * 60 * 60_000;

const mac = (secret: string, userId: number, suspendedAtMs: number): string => purposeMac(secret, PURPOSE, userId, suspendedAtMs);

/**
 * The token of a suspension mail's appeal link: the user, the moment of the suspension and an
 * HMAC of both under the session secret. The suspension's time names it, so the one appeal a
 * suspension allows is counted per (user, time), and the time starts the 20 days.
 */
export function appealToken(secret: string, userId: number, suspendedAt: string): string {
  const at = Date.parse(suspendedAt);
  return `${userId}.${at}.${mac(secret, userId, at)}`;
}

export type AppealCheck = { ok: true; userId: number; suspendedAt: string } | { ok: false; reason: 'invalid' | 'expired' };

/** What a token says, checked against the secret and the 20 days; never throws. */
export function verifyAppealToken(secret: string, token: string, now: Date = new Date()): AppealCheck {
  const match = /^([1-9]\d{0,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const userId = Number(match[1]);
  const at = Number(match[2]);
  if (!macMatches(match[3] as string, mac(secret, userId, at))) return { ok: false, reason: 'invalid' };
  if (now.getTime() > at + APPEAL_DAYS * DAY_MS) return { ok: false, reason: 'expired' };
  return { ok: true, userId, suspendedAt: new Date(at).toISOString() };
}
