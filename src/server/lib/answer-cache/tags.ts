/**
 * The names cached answers are filed under and writes clear. An entity tag names one thing
 * (a user with their profile and portfolio, a listing); a list tag names a list whose members
 * or order a write can change. An answer carries the tags of everything it shows: a list page
 * is filed under its list and under each owner on it, so renaming a studio clears the pages
 * showing it and no others.
 */
export const tags = {
  /** A user: their profile, their cards in lists and details, their sessions' user. */
  user: (id: number) => `user:${id}`,
  /** A user's own page: their profile answer (and the page with its tabs: portfolio, listings, reviews). */
  profile: (id: number) => `profile:${id}`,
  /** One listing of a kind (its detail answer). */
  listing: (kind: string, id: number) => `listing:${kind}:${id}`,
  /** A kind's public list pages and counts (the cache key of the kind: `guestSpots`, `availabilities`). */
  listings: (kind: string) => `listings:${kind}`,
  /** The artist list (its filters read profiles, availabilities and ratings). */
  artists: 'artists',
  /** The public gallery pages. */
  gallery: 'gallery',
  /** The featured artists and studios. */
  featured: 'featured',
  /** Styles, countries and cities. */
  reference: 'reference',
  /**
   * The forum: its pages, category counts and threads as a visitor reads them. Every forum write
   * (a thread or reply made, edited, deleted, moderated, liked, answered) clears it whole: one
   * reply moves its thread to the top of its category and the latest list, and changes counts.
   */
  forum: 'forum',
} as const;

/**
 * The tags of every user an answer shows (any object with a numeric `id` and a `username`: a
 * profile, a card, a post's author), so renaming, suspending or deleting one clears the answers
 * showing them without each route listing its people by hand.
 */
export function userTagsIn(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'number' && typeof record.username === 'string') found.add(tags.user(record.id)).add(tags.profile(record.id));
    Object.values(record).forEach(visit);
  };
  visit(value);
  return [...found];
}

/** A user's cached sessions only: cleared on logout, password or email change (no public answer changes). */
export const sessionTag = (userId: number) => `session:${userId}`;

/** What clearing everything is called on the wire (a peer whose link dropped may have missed tags). */
export const ALL = '*';

/** The user a `user:{id}` or `session:{id}` tag names (the session cache drops that user's entries), or null. */
export function userOfTag(tag: string): number | null {
  const m = /^(?:user|session):(\d+)$/.exec(tag);
  return m ? Number(m[1]) : null;
}

/** The user a `session:{id}` tag names (their sessions ended or changed: open streams check theirs), or null. */
export function userOfSessionTag(tag: string): number | null {
  const m = /^session:(\d+)$/.exec(tag);
  return m ? Number(m[1]) : null;
}
