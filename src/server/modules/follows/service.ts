import { buildPath } from '../../../common/routes';
import {
  FOLLOW_FEED_PAGE,
  FOLLOWS_PAGE,
  parseFeedCursor,
  parseListCursor,
  type FeedItem,
  type FeedPage,
  type FollowCard,
  type FollowPage,
  type FollowPreferences,
  type FollowState,
} from '../../../common/schemas/follows';
import type { UserType } from '../../../common/constants';
import type { SessionUser } from '../../../common/schemas/session';
import { profilePath } from '../../../common/username';
import type { AppContext } from '../../context';
import { AppError, notFound, unauthorized } from '../../errors';
import { noInvalidation, tags } from '../../lib/answer-cache/index';
import { defineChange } from '../../lib/outbox/index';
import * as repo from './repo';

export type FollowDeps = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'invalidation' | 'outbox'>> & {
  /** Now; tests move it. */
  now?: () => Date;
};
export type FollowService = ReturnType<typeof createFollowService>;

const userNotFound = () => notFound('userNotFound');

/** A feed row as its reader gets it: a path to open, the owner's card, the dates. */
export function presentFeedItem(row: repo.FeedRow): FeedItem {
  const url =
    row.kind === 'availability'
      ? buildPath('tattooArtist', { slug: row.slug ?? '' })
      : row.kind === 'guest_spot'
        ? buildPath('guestSpot', { slug: row.slug ?? '' })
        : row.kind === 'stay'
          ? buildPath('profileTour', { username: profilePath(row.artist_username ?? row.owner_username) })
          : `${buildPath('profile', { username: profilePath(row.owner_username) })}?tab=portfolio`;
  return {
    kind: row.kind,
    id: row.id,
    title: row.kind === 'stay' ? row.other_name : row.title,
    url,
    thumbnail: row.thumbnail,
    createdAt: row.created_at,
    startDate: row.start_date,
    endDate: row.end_date,
    place: row.place,
    owner: { id: row.owner_id, name: row.owner_name, username: row.owner_username, avatar: row.owner_avatar, userType: row.owner_type as UserType },
  };
}

function presentCard(row: repo.FollowRow): FollowCard {
  return { id: row.id, name: row.name, username: row.username, avatar: row.avatar, userType: row.user_type as UserType, city: row.city_name ?? row.city, followedAt: row.followed_at };
}

export function createFollowService({ db, invalidation = noInvalidation, outbox, now = () => new Date() }: FollowDeps) {
  /** A follow or unfollow: the followed profile's answer carries the follower count. */
  const followed = defineChange<{ userId: number }>(outbox, invalidation, 'follows.changed', ({ userId }) => [tags.profile(userId)]);

  /** The account to follow: an artist or studio that is not staff and not suspended; anything else is 404. */
  async function requireFollowable(userId: number): Promise<void> {
    const row = await repo.findFollowable(db, userId);
    if (!row || row.role === 'admin' || (row.user_type !== 'artist' && row.user_type !== 'studio')) throw userNotFound();
  }

  async function state(viewer: SessionUser, userId: number): Promise<FollowState> {
    const [following, followers] = await Promise.all([repo.isFollowing(db, viewer.id, userId), repo.countFollowers(db, userId)]);
    return { following, followers };
  }

  /** PUT /api/follows/{userId}: idempotent; the profile answer (which carries the count) is cleared. */
  async function follow(viewer: SessionUser, userId: number): Promise<FollowState> {
    if (viewer.id === userId) throw new AppError(400, 'followSelf');
    await requireFollowable(userId);
    await followed.around({ userId }, (within) =>
      db.transaction().execute(async (trx) => {
        if (await repo.insertFollow(trx, viewer.id, userId, now().toISOString())) await within(trx);
      }),
    );
    return state(viewer, userId);
  }

  /** DELETE /api/follows/{userId}: idempotent as well. */
  async function unfollow(viewer: SessionUser, userId: number): Promise<FollowState> {
    if (viewer.id === userId) throw new AppError(400, 'followSelf');
    await requireFollowable(userId);
    await followed.around({ userId }, (within) =>
      db.transaction().execute(async (trx) => {
        if (await repo.deleteFollow(trx, viewer.id, userId)) await within(trx);
      }),
    );
    return state(viewer, userId);
  }

  /** GET /api/follows/{userId}: only the caller's own relation to the account, never anyone else's. */
  async function relation(viewer: SessionUser, userId: number): Promise<FollowState> {
    await requireFollowable(userId);
    return state(viewer, userId);
  }

  async function list(viewer: SessionUser, side: 'following' | 'followers', cursor: string | undefined): Promise<FollowPage> {
    const rows = await repo.listFollows(db, viewer.id, side, cursor ? parseListCursor(cursor) : null, FOLLOWS_PAGE + 1);
    const page = rows.slice(0, FOLLOWS_PAGE);
    const last = page.at(-1);
    return { users: page.map(presentCard), nextCursor: rows.length > FOLLOWS_PAGE && last ? `${last.followed_at}_${last.id}` : null };
  }

  /** GET /api/follows/feed: what the followed accounts posted and agreed, newest first. */
  async function feed(viewer: SessionUser, cursor: string | undefined): Promise<FeedPage> {
    const rows = await repo.feedItems(db, { followerId: viewer.id, after: cursor ? parseFeedCursor(cursor) : null }, FOLLOW_FEED_PAGE + 1);
    const page = rows.slice(0, FOLLOW_FEED_PAGE);
    const last = page.at(-1);
    return { items: page.map(presentFeedItem), nextCursor: rows.length > FOLLOW_FEED_PAGE && last ? `${last.created_at}_${last.kind}_${last.id}` : null };
  }

  async function preferences(viewer: SessionUser): Promise<FollowPreferences> {
    const weeklyMail = await repo.findWeeklyMail(db, viewer.id);
    if (weeklyMail === undefined) throw unauthorized();
    return { weeklyMail };
  }

  async function setPreferences(viewer: SessionUser, input: FollowPreferences): Promise<FollowPreferences> {
    if (!(await repo.setWeeklyMail(db, viewer.id, input.weeklyMail))) throw unauthorized();
    return { weeklyMail: input.weeklyMail };
  }

  return { follow, unfollow, relation, list, feed, preferences, setPreferences };
}
