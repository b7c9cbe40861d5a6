import { macMatches, purposeMac } from '../../lib/signed-token';
import { SAVED_SEARCHES_MAX } from '../../../common/schemas/saved-searches';

const PURPOSE = 'unsubscribe:saved-search-digest';

/**
 * The token of a digest's one-click unsubscribe: the ids of the searches the digest carried and
 * their MAC. It can only pause those searches, needs no login and never expires.
 */
export function digestToken(secret: string, searchIds: number[]): string {
  const ids = [...searchIds].sort((a, b) => a - b).join('-');
  return `${ids}.${purposeMac(secret, PURPOSE, ids)}`;
}

/** The search ids a token was made for, or null when it was not made with this secret. */
export function verifyDigestToken(secret: string, token: string): number[] | null {
  const match = /^([1-9]\d{0,9}(?:-[1-9]\d{0,9})*)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const ids = (match[1] as string).split('-').map(Number);
  if (ids.length > SAVED_SEARCHES_MAX) return null;
  return macMatches(match[2] as string, purposeMac(secret, PURPOSE, match[1] as string)) ? ids : null;
}
