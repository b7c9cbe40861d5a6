/** How many fallback quotes the profiles namespace has. */
export const QUOTE_COUNT = 20;

/** The fallback quote of a profile without a bio: the user id modulo 20. */
export function fallbackQuoteIndex(userId: number): number {
  const n = Math.abs(Math.trunc(userId));
  return Number.isFinite(n) ? n % QUOTE_COUNT : 0;
}
