import { z } from 'zod';
import type { UserType } from '../constants';
import { pathId } from './ids';

/** Following artists and studios (issue 29 item 2): the calls under /api/follows and /api/followers. */

/** Accounts a page of "whom I follow" or "who follows me" holds. */
export const FOLLOWS_PAGE = 20;
/** Items a page of the Following feed holds. */
export const FOLLOW_FEED_PAGE = 20;
/** Items the weekly mail names; the rest are counted in one line. */
export const FOLLOW_MAIL_ITEMS = 10;

/** What the feed shows, in the order its keyset sorts them within one instant. */
export const FEED_KINDS = ['availability', 'guest_spot', 'portfolio', 'stay'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** The account to follow in a path: a malformed id is 400, one out of range names no one (404). */
export const followUserParams = z.object({ userId: pathId('validation', 'userNotFound') });

/**
 * A list's cursor, as the previous page answered it: the last row's time (ISO 8601) and id. The
 * feed's also names the last row's kind, since its ids come from four tables.
 */
const cursorText = (pattern: RegExp) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string('cursorInvalid').max(80, 'cursorInvalid').regex(pattern, 'cursorInvalid').optional(),
  );

const TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?Z';
const ID = '[1-9]\\d{0,9}';

/** `?cursor=` of GET /api/follows and /api/followers: `{createdAt}_{userId}`. */
export const followListQuery = z.object({ cursor: cursorText(new RegExp(`^${TIME}_${ID}$`)) });

/** `?cursor=` of GET /api/follows/feed: `{createdAt}_{kind}_{id}`. */
export const followFeedQuery = z.object({ cursor: cursorText(new RegExp(`^${TIME}_(?:${FEED_KINDS.join('|')})_${ID}$`)) });

/** Splits a checked list cursor. */
export function parseListCursor(cursor: string): { at: string; id: number } {
  const cut = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, cut), id: Number(cursor.slice(cut + 1)) };
}

/** Splits a checked feed cursor. */
export function parseFeedCursor(cursor: string): { at: string; kind: FeedKind; id: number } {
  const [at, ...rest] = cursor.split('_');
  const id = Number(rest.pop());
  return { at: at as string, kind: rest.join('_') as FeedKind, id };
}

/** PUT /api/follows/preferences. */
export const followPreferencesSchema = z.strictObject({ weeklyMail: z.boolean('followPreferencesInvalid') }, 'followPreferencesInvalid');
export type FollowPreferences = z.infer<typeof followPreferencesSchema>;

/** PUT, DELETE and GET /api/follows/{userId}: whether the caller follows the account, and its follower count. */
export interface FollowState {
  following: boolean;
  followers: number;
}

/** An account in a follow list, with when the follow began. */
export interface FollowCard {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  userType: UserType;
  city: string | null;
  followedAt: string;
}

/** GET /api/follows (whom I follow) and GET /api/followers (who follows me, only ever one's own). */
export interface FollowPage {
  users: FollowCard[];
  nextCursor: string | null;
}

/** One item of the Following feed; `url` is a path without a language prefix. */
export interface FeedItem {
  kind: FeedKind;
  id: number;
  /** The listing's title, the stay's other side, the piece's caption (null without one). */
  title: string | null;
  url: string;
  thumbnail: string | null;
  createdAt: string;
  /** A listing's or stay's dates (yyyy-mm-dd); null for a portfolio piece. */
  startDate: string | null;
  endDate: string | null;
  place: string | null;
  owner: { id: number; name: string; username: string; avatar: string | null; userType: UserType };
}

/** GET /api/follows/feed: newest first. */
export interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
}
