import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { FeedKind } from '../../../common/schemas/follows';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';
import { notSuspended } from '../../db/suspension';

/** Stays the feed shows: agreed ones, also once they ended. */
const AGREED_STAYS = ['confirmed', 'completed'];

/** An account that may be followed: an artist or studio, not staff, not suspended. */
export function findFollowable(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.role', 'users.user_type'])
    .where('users.id', '=', userId)
    .where(notSuspended('users.id'))
    .executeTakeFirst();
}

/**
 * Follows once: the primary key lets one of parallel inserts through, the others change nothing.
 * True when this call made the follow.
 */
export async function insertFollow(db: Db, followerId: number, followedId: number, now: string): Promise<boolean> {
  const [result] = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followed_id: followedId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followed_id']).doNothing())
    .execute();
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when this call ended a follow. */
export async function deleteFollow(db: Db, followerId: number, followedId: number): Promise<boolean> {
  const [result] = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followed_id', '=', followedId).execute();
  return Number(result?.numDeletedRows ?? 0) > 0;
}

export async function isFollowing(db: Db, followerId: number, followedId: number): Promise<boolean> {
  const row = await db.selectFrom('follows').select('followed_id').where('follower_id', '=', followerId).where('followed_id', '=', followedId).executeTakeFirst();
  return row !== undefined;
}

/** An account's followers, counted from the followed side's index alone. */
export async function countFollowers(db: Db, followedId: number): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('followed_id', '=', followedId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface Keyset {
  at: string;
  id: number;
}

export interface FollowRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
  city_name: string | null;
  city: string | null;
  followed_at: string;
}

/**
 * One page of a follow list, newest follow first: whom `userId` follows (`side` 'following') or
 * who follows `userId` ('followers'), keyset on (created_at, the other's id). Suspended accounts
 * are left out of either list.
 */
export function listFollows(db: Db, userId: number, side: 'following' | 'followers', after: Keyset | null, limit: number): Promise<FollowRow[]> {
  const [own, other] = side === 'following' ? (['f.follower_id', 'f.followed_id'] as const) : (['f.followed_id', 'f.follower_id'] as const);
  let query = db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', other)
    .select(['u.id', 'u.name', 'u.username', 'u.avatar', 'u.user_type', 'u.city_name', 'u.city', 'f.created_at as followed_at'])
    .where(own, '=', userId)
    .where(notSuspended('u.id'));
  if (after) query = query.where((eb) => eb.or([eb('f.created_at', '<', after.at), eb.and([eb('f.created_at', '=', after.at), eb(other, '<', after.id)])]));
  return query.orderBy('f.created_at', 'desc').orderBy(other, 'desc').limit(limit).execute();
}

export interface FeedCursor {
  at: string;
  kind: FeedKind;
  id: number;
}

/** What the feed reads: whose items (the accounts `followerId` follows), from when, and after which item. */
export interface FeedWindow {
  followerId: number;
  after: FeedCursor | null;
  /** Only items made at or after this instant (the weekly mail's week). */
  since?: string;
  /** Only items made before this instant. */
  until?: string;
}

/**
 * The keyset condition of one source: items sort by (created_at, kind, id), all descending, so
 * at the cursor's instant a kind sorting before the cursor's comes wholly after it.
 */
function afterCursor(kind: FeedKind, created: string, id: string, window: FeedWindow): RawBuilder<SqlBool> {
  const at = sql.ref(created);
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (window.since) parts.push(sql`${at} >= ${window.since}`);
  if (window.until) parts.push(sql`${at} < ${window.until}`);
  const { after } = window;
  if (after) {
    if (kind < after.kind) parts.push(sql`${at} <= ${after.at}`);
    else if (kind > after.kind) parts.push(sql`${at} < ${after.at}`);
    else parts.push(sql`(${at} < ${after.at} or (${at} = ${after.at} and ${sql.ref(id)} < ${after.id}))`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The accounts a follower follows, as a subquery (read through follows_follower_idx). */
function followedBy(eb: ExpressionBuilder<Database, keyof Database>, followerId: number) {
  return eb.selectFrom('follows').select('follows.followed_id').where('follows.follower_id', '=', followerId);
}

export interface FeedRow {
  kind: FeedKind;
  id: number;
  title: string | null;
  slug: string | null;
  thumbnail: string | null;
  created_at: string;
  start_date: string | null;
  end_date: string | null;
  place: string | null;
  owner_id: number;
  owner_name: string;
  owner_username: string;
  owner_avatar: string | null;
  owner_type: string;
  /** A stay's other side. */
  other_name: string | null;
  artist_username: string | null;
}

const OWNER = ['u.id as owner_id', 'u.name as owner_name', 'u.username as owner_username', 'u.avatar as owner_avatar', 'u.user_type as owner_type'] as const;

/** The newest public availabilities of the followed artists, read by (artist_id, created_at, id). */
async function availabilityItems(db: Db, window: FeedWindow, limit: number): Promise<FeedRow[]> {
  const rows = await db
    .selectFrom('availabilities as a')
    .innerJoin('users as u', 'u.id', 'a.artist_id')
    .select(['a.id', 'a.title', 'a.slug', 'a.created_at', 'a.start_date', 'a.end_date', 'a.preferred_location as place', ...OWNER])
    .where('a.artist_id', 'in', (eb) => followedBy(eb as never, window.followerId))
    .where('a.is_active', '=', 1)
    .where('a.hidden_at', 'is', null)
    .where(notSuspended('a.artist_id'))
    .where(afterCursor('availability', 'a.created_at', 'a.id', window))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, kind: 'availability', thumbnail: null, other_name: null, artist_username: null }));
}

/** The newest public guest spots of the followed studios with their first photo, read by (studio_id, created_at). */
async function guestSpotItems(db: Db, window: FeedWindow, limit: number): Promise<FeedRow[]> {
  const rows = await db
    .selectFrom('guest_spots as g')
    .innerJoin('users as u', 'u.id', 'g.studio_id')
    .select(['g.id', 'g.title', 'g.slug', 'g.created_at', 'g.start_date', 'g.end_date', 'g.city_name as place', ...OWNER])
    .select((eb) =>
      eb
        .selectFrom('guest_spot_photos as p')
        .select('p.thumbnail_url')
        .whereRef('p.guest_spot_id', '=', 'g.id')
        .orderBy('p.position')
        .orderBy('p.id')
        .limit(1)
        .as('thumbnail'),
    )
    .where('g.studio_id', 'in', (eb) => followedBy(eb as never, window.followerId))
    .where('g.is_active', '=', 1)
    .where('g.hidden_at', 'is', null)
    .where(notSuspended('g.studio_id'))
    .where(afterCursor('guest_spot', 'g.created_at', 'g.id', window))
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, kind: 'guest_spot', other_name: null, artist_username: null }));
}

/** The newest visible portfolio pieces of the followed accounts, read by (user_id, created_at, id). */
async function portfolioItems(db: Db, window: FeedWindow, limit: number): Promise<FeedRow[]> {
  const rows = await db
    .selectFrom('gallery_images as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.caption as title', 'i.thumbnail_url as thumbnail', 'i.created_at', ...OWNER])
    .where('i.user_id', 'in', (eb) => followedBy(eb as never, window.followerId))
    .where('i.hidden_at', 'is', null)
    .where(notSuspended('i.user_id'))
    .where(afterCursor('portfolio', 'i.created_at', 'i.id', window))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, kind: 'portfolio', slug: null, start_date: null, end_date: null, place: null, other_name: null, artist_username: null }));
}

/**
 * The newest agreed stays with a followed artist or studio on either side, once each. The side
 * shown as its owner is the artist when followed, else the studio; either side's index
 * (artist_id or studio_id, created_at, id) serves its half of the condition.
 */
async function stayItems(db: Db, window: FeedWindow, limit: number): Promise<FeedRow[]> {
  const rows = await db
    .selectFrom('stays as s')
    .innerJoin('users as a', 'a.id', 's.artist_id')
    .innerJoin('users as st', 'st.id', 's.studio_id')
    .select([
      's.id', 's.created_at', 's.start_date', 's.end_date', 's.city_name as place',
      'a.id as artist_id', 'a.name as artist_name', 'a.username as artist_username', 'a.avatar as artist_avatar', 'a.user_type as artist_type',
      'st.id as studio_id', 'st.name as studio_name', 'st.username as studio_username', 'st.avatar as studio_avatar', 'st.user_type as studio_type',
    ])
    .select((eb) => eb.exists(eb.selectFrom('follows').select('follows.followed_id').where('follows.follower_id', '=', window.followerId).whereRef('follows.followed_id', '=', 's.artist_id')).as('artist_followed'))
    .where((eb) => eb.or([eb('s.artist_id', 'in', followedBy(eb as never, window.followerId)), eb('s.studio_id', 'in', followedBy(eb as never, window.followerId))]))
    .where('s.status', 'in', AGREED_STAYS)
    // The follower's own stays are news to nobody.
    .where('s.artist_id', '!=', window.followerId)
    .where('s.studio_id', '!=', window.followerId)
    .where(notSuspended('s.artist_id'))
    .where(notSuspended('s.studio_id'))
    .where(afterCursor('stay', 's.created_at', 's.id', window))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const artistSide = Boolean(Number(r.artist_followed));
    return {
      kind: 'stay',
      id: r.id,
      title: null,
      slug: null,
      thumbnail: null,
      created_at: r.created_at,
      start_date: r.start_date,
      end_date: r.end_date,
      place: r.place,
      owner_id: artistSide ? r.artist_id : r.studio_id,
      owner_name: artistSide ? r.artist_name : r.studio_name,
      owner_username: artistSide ? r.artist_username : r.studio_username,
      owner_avatar: artistSide ? r.artist_avatar : r.studio_avatar,
      owner_type: artistSide ? r.artist_type : r.studio_type,
      other_name: artistSide ? r.studio_name : r.artist_name,
      artist_username: r.artist_username,
    };
  });
}

/** The sort the feed pages by: newest first, then kind and id, all descending. */
export function compareFeed(a: Pick<FeedRow, 'created_at' | 'kind' | 'id'>, b: Pick<FeedRow, 'created_at' | 'kind' | 'id'>): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return b.id - a.id;
}

/**
 * One page of the feed: at most `limit` items of each source (four indexed queries, none per
 * row), merged and cut to `limit`. Whatever the merge leaves out sorts after the last item kept,
 * so the next page, from that item's keyset, finds it.
 */
export async function feedItems(db: Db, window: FeedWindow, limit: number): Promise<FeedRow[]> {
  const sources = await Promise.all([availabilityItems(db, window, limit), guestSpotItems(db, window, limit), portfolioItems(db, window, limit), stayItems(db, window, limit)]);
  return sources.flat().sort(compareFeed).slice(0, limit);
}

export async function findWeeklyMail(db: Db, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('users').select('email_weekly_follows').where('id', '=', userId).executeTakeFirst();
  return row ? row.email_weekly_follows === 1 : undefined;
}

/** Turns the weekly mail on or off; false when the user no longer exists. */
export async function setWeeklyMail(db: Db, userId: number, on: boolean): Promise<boolean> {
  const rows = await db.updateTable('users').set({ email_weekly_follows: on ? 1 : 0 }).where('id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

export interface MailCandidate {
  id: number;
  email: string;
  name: string;
  language: string | null;
}

/** Users who chose the weekly mail, follow someone, and were not mailed for `week` (a Monday) yet. */
export function findMailCandidates(db: Db, week: string, limit: number): Promise<MailCandidate[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.name', 'users.language'])
    .where('users.email_weekly_follows', '=', 1)
    .where((eb) => eb.or([eb('users.follows_mail_week', 'is', null), eb('users.follows_mail_week', '<', week)]))
    .where((eb) => eb.exists(eb.selectFrom('follows').select('follows.followed_id').whereRef('follows.follower_id', '=', 'users.id')))
    .where(notSuspended('users.id'))
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/**
 * Claims the users' mail for `week`: a conditional update, so of parallel processes one takes
 * each row, and a user is never mailed twice for one week.
 */
export async function claimMailWeek(db: Db, userIds: number[], week: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set({ follows_mail_week: week })
    .where('id', 'in', userIds)
    .where('email_weekly_follows', '=', 1)
    .where((eb) => eb.or([eb('follows_mail_week', 'is', null), eb('follows_mail_week', '<', week)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
