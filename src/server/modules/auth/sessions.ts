import { createHash, randomBytes } from 'node:crypto';
import { SESSION_DAYS } from '../../../common/constants';
import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { presentSessionUser } from './presenter';
import * as repo from './repo';
import { isSuspended } from './suspension';

export const DAY_MS = 24 * 60 * 60_000;
/** However often a session is used, it ends this long after the login that started it. */
export const SESSION_ABSOLUTE_DAYS = 90;
// Sliding expiry is written at most this often, so reads do not turn into writes.
const TOUCH_EVERY_MS = 60 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a session and answers the cookie value (a new random id at every login). */
export async function startSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await repo.insertSession(db, {
    id: hashToken(token),
    userId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
  });
  return token;
}

export interface ResolvedSession {
  id: string;
  user: SessionUser;
}

/**
 * The user of a cookie value, extending the 30-day window as it is used but never past 90 days
 * after the login; null when expired or unknown.
 */
export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await repo.findSessionWithUser(db, id);
  if (!row) return null;
  const now = Date.now();
  const endOfLife = Date.parse(row.session_created_at) + SESSION_ABSOLUTE_DAYS * DAY_MS;
  // A suspension ends the user's sessions; this also ends one a login racing it started.
  if (Date.parse(row.expires_at) <= now || !(endOfLife > now) || isSuspended(row, now)) {
    await repo.deleteSession(db, id);
    return null;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    const expiresAt = Math.min(now + SESSION_DAYS * DAY_MS, endOfLife);
    await repo.touchSession(db, id, new Date(now).toISOString(), new Date(expiresAt).toISOString());
  }
  return { id, user: presentSessionUser(row) };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}
