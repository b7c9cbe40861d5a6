import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index';
import type { Database, ForumHiddenBy } from '../../db/schema';

/** The forum's queries; `db` may be a caller's transaction. */

export type Trx = Transaction<Database>;

const CATEGORY_NAMES = ['c.name_en', 'c.name_de', 'c.name_es', 'c.name_fr', 'c.name_pt'] as const;
const AUTHOR = ['u.username as author_username', 'u.name as author_name', 'u.avatar as author_avatar', 'u.user_type as author_user_type'] as const;

export interface CategoryRow {
  id: number;
  slug: string;
  position: number;
  question_like: number;
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
  description_en: string;
  description_de: string;
  description_es: string;
  description_fr: string;
  description_pt: string;
}

export interface CategoryStatsRow extends CategoryRow {
  thread_count: number | string;
  post_count: number | string | null;
  last_post_at: string | null;
}

/**
 * Every category in its order, with its visible threads' count, their posts and the last
 * activity: the numbers the triggers keep per category (a category without a row yet has none).
 */
export function listCategories(db: Db): Promise<CategoryStatsRow[]> {
  return db
    .selectFrom('forum_categories as c')
    .leftJoin('forum_category_stats as s', 's.category_id', 'c.id')
    .selectAll('c')
    .select([sql<number>`coalesce(s.threads, 0)`.as('thread_count'), sql<number>`coalesce(s.posts, 0)`.as('post_count'), 's.last_post_at'])
    .orderBy('c.position')
    .execute() as Promise<CategoryStatsRow[]>;
}

export function findCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('forum_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('forum_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ThreadSummaryRow {
  id: number;
  slug: string;
  title: string;
  language: string;
  reply_count: number;
  is_pinned: number;
  is_locked: number;
  created_at: string;
  last_post_at: string;
  author_id: number;
  author_username: string;
  author_name: string;
  author_avatar: string | null;
  author_user_type: string;
  category_id: number;
  category_slug: string;
  name_en: string;
  name_de: string;
  name_es: string;
  name_fr: string;
  name_pt: string;
}

const summaries = (db: Db) =>
  db
    .selectFrom('forum_threads as t')
    .innerJoin('users as u', 'u.id', 't.author_id')
    .innerJoin('forum_categories as c', 'c.id', 't.category_id')
    .select([
      't.id', 't.slug', 't.title', 't.language', 't.reply_count', 't.is_pinned', 't.is_locked', 't.created_at', 't.last_post_at',
      't.author_id', ...AUTHOR, 't.category_id', 'c.slug as category_slug', ...CATEGORY_NAMES,
    ])
    .where('t.hidden_at', 'is', null);

/** A page of a category's visible threads: pinned first, then by last activity. */
export function listCategoryThreads(db: Db, categoryId: number, opts: { language?: string; offset: number; limit: number }): Promise<ThreadSummaryRow[]> {
  let query = summaries(db).where('t.category_id', '=', categoryId);
  if (opts.language) query = query.where('t.language', '=', opts.language);
  return query.orderBy('t.is_pinned', 'desc').orderBy('t.last_post_at', 'desc').orderBy('t.id', 'desc').offset(opts.offset).limit(opts.limit).execute();
}

export async function countCategoryThreads(db: Db, categoryId: number, language?: string): Promise<number> {
  let query = db.selectFrom('forum_threads').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', categoryId).where('hidden_at', 'is', null);
  if (language) query = query.where('language', '=', language);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The newest visible threads of every category, newest first (ids grow with time). */
export function latestThreads(db: Db, limit: number): Promise<ThreadSummaryRow[]> {
  return summaries(db).orderBy('t.id', 'desc').limit(limit).execute();
}

export interface ThreadRow extends ThreadSummaryRow {
  hidden_at: string | null;
  hidden_by: ForumHiddenBy | null;
  hidden_reason: string | null;
  answer_post_id: number | null;
  deleted_at: string | null;
  updated_at: string;
  question_like: number;
  opening_post_id: number;
  body: string;
  body_html: string;
  like_count: number;
  edited_at: string | null;
}

/** A thread with its opening post, whatever its state. */
export function findThread(db: Db, id: number): Promise<ThreadRow | undefined> {
  return db
    .selectFrom('forum_threads as t')
    .innerJoin('users as u', 'u.id', 't.author_id')
    .innerJoin('forum_categories as c', 'c.id', 't.category_id')
    .innerJoin('forum_posts as p', (join) => join.onRef('p.thread_id', '=', 't.id').on('p.is_opening', '=', 1))
    .select([
      't.id', 't.slug', 't.title', 't.language', 't.reply_count', 't.is_pinned', 't.is_locked', 't.created_at', 't.last_post_at',
      't.author_id', ...AUTHOR, 't.category_id', 'c.slug as category_slug', ...CATEGORY_NAMES, 'c.question_like',
      't.hidden_at', 't.hidden_by', 't.hidden_reason', 't.answer_post_id', 't.deleted_at', 't.updated_at',
      'p.id as opening_post_id', 'p.body', 'p.body_html', 'p.like_count', 'p.edited_at',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function findThreadIdByClient(db: Db, authorId: number, clientId: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('forum_threads').select('id').where('author_id', '=', authorId).where('client_id', '=', clientId).executeTakeFirst();
}

export interface PostRow {
  id: number;
  thread_id: number;
  author_id: number;
  is_opening: number;
  reply_to_post_id: number | null;
  body: string;
  body_html: string;
  like_count: number;
  hidden_at: string | null;
  hidden_by: ForumHiddenBy | null;
  hidden_reason: string | null;
  created_at: string;
  edited_at: string | null;
  author_username: string;
  author_name: string;
  author_avatar: string | null;
  author_user_type: string;
}

const posts = (db: Db) =>
  db
    .selectFrom('forum_posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id', 'p.thread_id', 'p.author_id', 'p.is_opening', 'p.reply_to_post_id', 'p.body', 'p.body_html', 'p.like_count',
      'p.hidden_at', 'p.hidden_by', 'p.hidden_reason', 'p.created_at', 'p.edited_at', ...AUTHOR,
    ]);

/** Who sees which replies: everyone the visible ones, their author their own hidden ones, an admin all. */
export interface ReplyViewer {
  userId: number | null;
  admin: boolean;
}

/** The replies of a thread `viewer` sees, as a condition on posts aliased `p`. */
function repliesOf(threadId: number, viewer: ReplyViewer) {
  return (eb: ExpressionBuilder<Database & { p: Database['forum_posts'] }, 'p'>) => {
    const reply = [eb('p.thread_id', '=', threadId), eb('p.is_opening', '=', 0)];
    if (viewer.admin) return eb.and(reply);
    return eb.and([...reply, viewer.userId === null ? eb('p.hidden_at', 'is', null) : eb.or([eb('p.hidden_at', 'is', null), eb('p.author_id', '=', viewer.userId)])]);
  };
}

export function listReplies(db: Db, threadId: number, viewer: ReplyViewer, page: { offset: number; limit: number }): Promise<PostRow[]> {
  return posts(db).where(repliesOf(threadId, viewer)).orderBy('p.id').offset(page.offset).limit(page.limit).execute();
}

/** The replies `viewer` sees, up to and including `upToId` when given (a post's place in its thread). */
export async function countReplies(db: Db, threadId: number, viewer: ReplyViewer, upToId?: number): Promise<number> {
  // Without the authors' join, the count reads forum_posts_kind_idx alone.
  let query = db.selectFrom('forum_posts as p').where(repliesOf(threadId, viewer)).select((eb) => eb.fn.countAll<number>().as('n'));
  if (upToId !== undefined) query = query.where('p.id', '<=', upToId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function findPost(db: Db, id: number): Promise<PostRow | undefined> {
  return posts(db).where('p.id', '=', id).executeTakeFirst();
}

export function findPostIdByClient(db: Db, authorId: number, clientId: string): Promise<{ id: number; thread_id: number } | undefined> {
  return db.selectFrom('forum_posts').select(['id', 'thread_id']).where('author_id', '=', authorId).where('client_id', '=', clientId).executeTakeFirst();
}

export interface ImageRow {
  id: number;
  post_id: number | null;
  image_url: string;
  medium_url: string;
  thumbnail_url: string;
  width: number;
  height: number;
}

export function imagesOf(db: Db, postIds: number[]): Promise<ImageRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('forum_post_images')
    .select(['id', 'post_id', 'image_url', 'medium_url', 'thumbnail_url', 'width', 'height'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The image files of a thread's posts, or of one post: read before the rows go. */
export async function imageUrlsOf(db: Db, where: { threadId: number } | { postId: number }): Promise<string[]> {
  const query = db.selectFrom('forum_post_images as i').select('i.image_url');
  const rows =
    'postId' in where
      ? await query.where('i.post_id', '=', where.postId).execute()
      : await query.innerJoin('forum_posts as p', 'p.id', 'i.post_id').where('p.thread_id', '=', where.threadId).execute();
  return rows.map((r) => r.image_url);
}

export async function likedBy(db: Db, userId: number, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db.selectFrom('forum_likes').select('post_id').where('user_id', '=', userId).where('post_id', 'in', postIds).execute();
  return new Set(rows.map((r) => r.post_id));
}

export async function isWatching(db: Db, threadId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('forum_watches').select('watching').where('thread_id', '=', threadId).where('user_id', '=', userId).executeTakeFirst();
  return row?.watching === 1;
}

/** Users by the keys of their names (mentions); admins are staff and take no part. */
export function findUsersByKeys(db: Db, keys: string[]): Promise<{ id: number; username: string; username_key: string }[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'username_key']).where('username_key', 'in', keys).execute();
}

// ---- writes -------------------------------------------------------------------------------

/**
 * The author's row, locked until the transaction ends on PostgreSQL (SQLite runs one write
 * transaction at a time): one user's writes are counted one after another, so the first day's
 * quotas and the repeat check hold against parallel posts. The lock is `for no key update`, which
 * still excludes the author's other posts but not a row that merely names the author (another
 * reply's notification to them takes a key-share lock on this row for its foreign key): with
 * `for update` that reply would wait on this one while this one waits on it, for the thread or
 * its category's numbers, and PostgreSQL would end one of them as a deadlock.
 */
export function lockAuthor(trx: Trx, userId: number) {
  const query = trx.selectFrom('users').select(['id', 'created_at', 'role']).where('id', '=', userId);
  return (isPostgresDb(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** A thread row locked for a change (PostgreSQL), with its opening post's id. */
export function lockThread(trx: Trx, id: number) {
  const query = trx
    .selectFrom('forum_threads as t')
    .innerJoin('forum_posts as p', (join) => join.onRef('p.thread_id', '=', 't.id').on('p.is_opening', '=', 1))
    .select([
      't.id', 't.author_id', 't.category_id', 't.title', 't.slug', 't.language', 't.is_pinned', 't.is_locked', 't.hidden_at', 't.hidden_by',
      't.hidden_reason', 't.deleted_at', 't.answer_post_id', 't.reply_count', 'p.id as opening_post_id', 'p.body',
    ])
    .where('t.id', '=', id);
  return (isPostgresDb(trx) ? query.forUpdate('t') : query).executeTakeFirst();
}

export function lockPost(trx: Trx, id: number) {
  const query = trx
    .selectFrom('forum_posts')
    .select(['id', 'thread_id', 'author_id', 'is_opening', 'hidden_at', 'hidden_by', 'hidden_reason', 'body'])
    .where('id', '=', id);
  return (isPostgresDb(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export interface NewThread {
  category_id: number;
  author_id: number;
  title: string;
  slug: string;
  language: string;
  hidden_at: string | null;
  hidden_by: ForumHiddenBy | null;
  last_post_at: string;
  client_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Inserts a thread unless its author's client id is taken (the unique index decides); null then. */
export async function insertThread(trx: Trx, row: NewThread): Promise<number | null> {
  const inserted = await trx
    .insertInto('forum_threads')
    .values(row)
    .onConflict((oc) => oc.columns(['author_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export interface NewPost {
  thread_id: number;
  author_id: number;
  is_opening: number;
  reply_to_post_id: number | null;
  body: string;
  body_html: string;
  renderer_version: number;
  hidden_at: string | null;
  hidden_by: ForumHiddenBy | null;
  client_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Inserts a post unless its author's client id is taken; null then. */
export async function insertPost(trx: Trx, row: NewPost): Promise<number | null> {
  const inserted = await trx
    .insertInto('forum_posts')
    .values(row)
    .onConflict((oc) => oc.columns(['author_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Attaches the author's waiting uploads to a post, in the order given; answers how many it took. */
export async function attachImages(trx: Trx, postId: number, userId: number, ids: number[]): Promise<number> {
  let attached = 0;
  for (const [position, id] of ids.entries()) {
    const result = await trx
      .updateTable('forum_post_images')
      .set({ post_id: postId, position })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('post_id', 'is', null)
      .executeTakeFirst();
    attached += Number(result.numUpdatedRows);
  }
  return attached;
}

/** Whether the author posted this same body since `since` (another post than `exceptId`). */
export async function postedSameSince(trx: Trx, authorId: number, body: string, since: string, exceptId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('forum_posts')
    .select('id')
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .where('id', '<>', exceptId)
    .where('body', '=', body)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The author's threads or replies so far (the first day's quotas; every one was written in it). */
export async function countAuthorPosts(trx: Trx, authorId: number, kind: 'thread' | 'reply'): Promise<number> {
  const row = await trx
    .selectFrom('forum_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('is_opening', '=', kind === 'thread' ? 1 : 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a thread's kept reply count by `delta` and, for a new reply, its last activity. */
export async function bumpThread(trx: Trx, threadId: number, delta: number, lastPostAt?: string): Promise<void> {
  await trx
    .updateTable('forum_threads')
    .set((eb) => ({ reply_count: eb('reply_count', '+', delta), ...(lastPostAt ? { last_post_at: lastPostAt } : {}) }))
    .where('id', '=', threadId)
    .execute();
}

/** Starts watching unless the user chose otherwise before (an explicit unwatch stays). */
export async function autoWatch(trx: Db, threadId: number, userId: number, now: string): Promise<void> {
  await trx
    .insertInto('forum_watches')
    .values({ thread_id: threadId, user_id: userId, watching: 1, created_at: now })
    .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doNothing())
    .execute();
}

export async function setWatch(db: Db, threadId: number, userId: number, watching: boolean, now: string): Promise<void> {
  const flag = watching ? 1 : 0;
  await db
    .insertInto('forum_watches')
    .values({ thread_id: threadId, user_id: userId, watching: flag, created_at: now })
    .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doUpdateSet({ watching: flag }))
    .execute();
}

/**
 * The watchers a new reply notifies: watching, not its author, not among `except` (the
 * mentioned get their own notice), not blocking the author, and without an unread reply notice
 * of this thread already (one notice says there is something new; it stays until read).
 */
export async function watchersToNotify(trx: Trx, threadId: number, authorId: number, except: number[]): Promise<number[]> {
  let query = trx
    .selectFrom('forum_watches as w')
    .select('w.user_id')
    .where('w.thread_id', '=', threadId)
    .where('w.watching', '=', 1)
    .where('w.user_id', '<>', authorId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blocks as b').select('b.blocker_id').whereRef('b.blocker_id', '=', 'w.user_id').where('b.blocked_id', '=', authorId))))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select('n.id')
            .whereRef('n.user_id', '=', 'w.user_id')
            .where('n.kind', '=', 'forum_reply')
            .where('n.read_at', 'is', null)
            .where('n.url', 'like', `/forum/t/${threadId}/%`),
        ),
      ),
    );
  if (except.length) query = query.where('w.user_id', 'not in', except);
  return (await query.orderBy('w.user_id').execute()).map((r) => r.user_id);
}

/** Of these users, those who blocked `authorId` (a mention from them notifies nobody who blocked them). */
export async function blockersOf(trx: Db, authorId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await trx.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', authorId).where('blocker_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.blocker_id));
}

export async function updateThreadRow(
  trx: Trx,
  id: number,
  change: Partial<{
    title: string; slug: string; category_id: number; language: string; is_pinned: number; is_locked: number;
    hidden_at: string | null; hidden_by: ForumHiddenBy | null; hidden_reason: string | null; answer_post_id: number | null;
    deleted_at: string | null; updated_at: string;
  }>,
): Promise<void> {
  await trx.updateTable('forum_threads').set(change).where('id', '=', id).execute();
}

export async function updatePostRow(
  trx: Trx,
  id: number,
  change: Partial<{
    body: string; body_html: string; renderer_version: number; hidden_at: string | null; hidden_by: ForumHiddenBy | null;
    hidden_reason: string | null; edited_at: string | null; updated_at: string;
  }>,
): Promise<void> {
  await trx.updateTable('forum_posts').set(change).where('id', '=', id).execute();
}

/** Whether anyone but the author replied (hidden replies count: they may come back). */
export async function othersReplied(trx: Trx, threadId: number, authorId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('forum_posts')
    .select('id')
    .where('thread_id', '=', threadId)
    .where('is_opening', '=', 0)
    .where('author_id', '<>', authorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Unmarks a reply as its thread's answer (it is going). */
export async function clearAnswer(trx: Trx, postId: number): Promise<void> {
  await trx.updateTable('forum_threads').set({ answer_post_id: null }).where('answer_post_id', '=', postId).execute();
}

export async function deleteThreadRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('forum_threads').where('id', '=', id).execute();
}

export async function deletePostRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('forum_posts').where('id', '=', id).execute();
}

export async function deleteImagesOfPost(trx: Trx, postId: number): Promise<void> {
  await trx.deleteFrom('forum_post_images').where('post_id', '=', postId).execute();
}

/** Likes a post once per user: the primary key decides; the kept count moves only with a row. */
export async function addLike(trx: Trx, postId: number, userId: number, now: string): Promise<void> {
  const added = await trx
    .insertInto('forum_likes')
    .values({ post_id: postId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  if (added) await trx.updateTable('forum_posts').set((eb) => ({ like_count: eb('like_count', '+', 1) })).where('id', '=', postId).execute();
}

export async function removeLike(trx: Trx, postId: number, userId: number): Promise<void> {
  const removed = await trx.deleteFrom('forum_likes').where('post_id', '=', postId).where('user_id', '=', userId).returning('post_id').executeTakeFirst();
  if (removed) await trx.updateTable('forum_posts').set((eb) => ({ like_count: eb('like_count', '-', 1) })).where('id', '=', postId).execute();
}

export async function likeCount(db: Db, postId: number): Promise<number> {
  const row = await db.selectFrom('forum_posts').select('like_count').where('id', '=', postId).executeTakeFirst();
  return row?.like_count ?? 0;
}

/** The members who reported a target and whose reports are still open. */
export async function openReporters(trx: Db, targetType: string, targetId: number): Promise<number> {
  const row = await trx
    .selectFrom('reports')
    .select((eb) => eb.fn.count<number>('reporter_id').distinct().as('n'))
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function adminIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map((r) => r.id);
}

// ---- uploads ------------------------------------------------------------------------------

export async function insertUpload(
  db: Db,
  row: { user_id: number; image_url: string; medium_url: string; thumbnail_url: string; width: number; height: number; created_at: string },
): Promise<number> {
  const inserted = await db.insertInto('forum_post_images').values({ ...row, post_id: null }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A user's upload by its large variant's URL (unique per stored picture), for an upload's retry. */
export function findUserUploadByUrl(db: Db, userId: number, imageUrl: string) {
  return db.selectFrom('forum_post_images').select(['id', 'image_url', 'thumbnail_url']).where('user_id', '=', userId).where('image_url', '=', imageUrl).executeTakeFirst();
}

/** Uploads no post took within their day: their rows go here, their files after. */
export async function deleteWaitingUploads(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('forum_post_images').select(['id', 'image_url']).where('post_id', 'is', null).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
  if (rows.length === 0) return [];
  await db.deleteFrom('forum_post_images').where('id', 'in', rows.map((r) => r.id)).where('post_id', 'is', null).execute();
  return rows.map((r) => r.image_url);
}

/**
 * For account deletion: the files of the user's forum pictures and of every picture in the
 * user's threads, whose rows go with the account by cascade.
 */
export async function imageUrlsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('forum_post_images as i')
    .select('i.image_url')
    .where((eb) =>
      eb.or([
        eb('i.user_id', '=', userId),
        eb('i.post_id', 'in', eb.selectFrom('forum_posts as p').innerJoin('forum_threads as t', 't.id', 'p.thread_id').select('p.id').where('t.author_id', '=', userId)),
      ]),
    )
    .execute();
  return rows.map((r) => r.image_url);
}
