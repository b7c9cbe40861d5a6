import {
  POSTS_PAGE,
  UPCOMING_POSTS_MAX,
  type PlannedPost,
  type PostInput,
  type PostMedia,
  type PostPromotion,
  type PostsAnswer,
  type PostStatus,
} from '../../../common/schemas/instagram';
import type { PromotionProduct } from '../../../common/schemas/payments';
import type { SessionUser } from '../../../common/schemas/session';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors';
import { grantCredit, spendOnPost } from './credits';
import { releaseMedia, uploadedMedia, uploadMedia } from './media';
import { canMove, isFeatured } from './policy';
import { parseHashtags, presentPost, presentPromotion } from './presenter';
import * as repo from './repo';

export type InstagramDeps = Pick<AppContext, 'db' | 'storage' | 'deleteFiles'> & {
  /** The clock the rules read (featured status, planned times); tests pass a fixed one. */
  now?: () => Date;
};
export type InstagramService = ReturnType<typeof createInstagramService>;

/** The fields a PUT sent: the ones left out keep their stored value. */
export type PostFields = ReadonlySet<keyof PostInput>;

const postNotFound = () => notFound('postNotFound');
const moveInvalid = () => badRequest('postMoveInvalid');
const needsFeatured = () => forbidden('postNeedsFeatured');

/** Stored times are UTC ISO strings, so that text order in the database is time order. */
function toUtc(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new AppError(400, 'plannedAtInvalid', {}, { field: 'plannedAt' });
  return new Date(time).toISOString();
}

/** What planning asks beyond the status move: a picture and a time still to come. */
function checkPlanning(mediaId: number | null, plannedAt: string | null, now: Date): void {
  if (mediaId === null) throw new AppError(400, 'postNeedsMedia', {}, { field: 'mediaId' });
  if (plannedAt === null) throw new AppError(400, 'postPlannedAtRequired', {}, { field: 'plannedAt' });
  if (Date.parse(plannedAt) <= now.getTime()) throw new AppError(400, 'postPlannedAtPast', {}, { field: 'plannedAt' });
}

/**
 * Planned social posts, a perk of featured status: only their owner sees or changes them.
 * Every read-then-write runs in one transaction with the post (or, for a new post, the
 * owner's row) locked, so parallel requests neither pass the limit nor spend a credit twice.
 */
export function createInstagramService(deps: InstagramDeps) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  async function present(rows: repo.PostRow[], viewer: SessionUser): Promise<PlannedPost[]> {
    const mediaIds = [...new Set(rows.map((r) => r.media_id).filter((id): id is number => id !== null))];
    const [media, promotions] = await Promise.all([repo.findMediaByIds(db, mediaIds), repo.findPromotions(db, rows.map((r) => r.id))]);
    const mediaById = new Map(media.map((m) => [m.id, m]));
    return rows.map((row) =>
      presentPost(row, row.media_id === null ? undefined : mediaById.get(row.media_id), promotions.filter((p) => p.post_id === row.id), viewer),
    );
  }

  async function presentOne(viewer: SessionUser, id: number): Promise<PlannedPost> {
    const row = await repo.findPost(db, id);
    if (!row || row.user_id !== viewer.id) throw postNotFound();
    const [post] = await present([row], viewer);
    return post as PlannedPost;
  }

  /**
   * The upcoming posts (at most the limit, so the list length is the dashboard's count), or
   * one page of the published or cancelled ones.
   */
  async function list(viewer: SessionUser, query: { status?: 'published' | 'cancelled'; page: number }): Promise<PostsAnswer> {
    if (!query.status) return { success: true, posts: await present(await repo.listUpcoming(db, viewer.id, UPCOMING_POSTS_MAX), viewer) };
    const rows = await repo.listClosed(db, viewer.id, query.status, (query.page - 1) * POSTS_PAGE, POSTS_PAGE + 1);
    return { success: true, posts: await present(rows.slice(0, POSTS_PAGE), viewer), page: query.page, hasMore: rows.length > POSTS_PAGE };
  }

  async function create(viewer: SessionUser, input: PostInput): Promise<PlannedPost> {
    const now = clock();
    // A post starts as something still to come; posting or cancelling is a later move.
    if (input.status !== 'draft' && input.status !== 'planned') throw moveInvalid();
    const plannedAt = toUtc(input.plannedAt);
    const mediaId = input.mediaId ?? null;
    const id = await db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, viewer.id);
      if (!user) throw unauthorized();
      if (!isFeatured(user.featured_until, now)) throw needsFeatured();
      if (mediaId !== null && !(await repo.findOwnMedia(trx, viewer.id, mediaId))) throw notFound('mediaNotFound');
      if (input.status === 'planned') checkPlanning(mediaId, plannedAt, now);
      if ((await repo.countUpcoming(trx, viewer.id)) >= UPCOMING_POSTS_MAX) throw new AppError(409, 'postsTooMany', { max: UPCOMING_POSTS_MAX });
      return repo.insertPost(trx, {
        userId: viewer.id,
        type: input.type,
        caption: input.caption,
        hashtags: input.hashtags,
        plannedAt,
        status: input.status,
        mediaId,
        now: now.toISOString(),
      });
    });
    return presentOne(viewer, id);
  }

  /**
   * Changes the fields sent and moves the status along the allowed moves. Planning (moving to
   * planned, or changing a planned post) needs active featured status, a picture and a time
   * still to come. A new planned time, or planning again, earns a new reminder.
   */
  async function update(viewer: SessionUser, id: number, input: PostInput, fields: PostFields): Promise<PlannedPost> {
    const now = clock();
    const replaced = await db.transaction().execute(async (trx) => {
      const row = await repo.lockOwnPost(trx, viewer.id, id);
      if (!row) throw postNotFound();
      const status: PostStatus = fields.has('status') ? input.status : (row.status as PostStatus);
      if (!canMove(row.status, status)) throw moveInvalid();
      const plannedAt = fields.has('plannedAt') ? toUtc(input.plannedAt) : row.planned_at;
      const mediaId = fields.has('mediaId') ? (input.mediaId ?? null) : row.media_id;
      if (mediaId !== null && mediaId !== row.media_id && !(await repo.findOwnMedia(trx, viewer.id, mediaId))) throw notFound('mediaNotFound');
      if (status === 'planned') {
        if (!isFeatured(await repo.featuredUntil(trx, viewer.id), now)) throw needsFeatured();
        checkPlanning(mediaId, plannedAt, now);
      }
      await repo.updatePost(trx, id, {
        type: input.type,
        caption: fields.has('caption') ? input.caption : row.caption,
        hashtags: fields.has('hashtags') ? input.hashtags : parseHashtags(row.hashtags),
        plannedAt,
        status,
        mediaId,
        resetReminder: plannedAt !== row.planned_at || (status === 'planned' && row.status !== 'planned'),
        publishedAt: status === 'published' && row.status !== 'published' ? now.toISOString() : row.published_at,
        now: now.toISOString(),
      });
      return mediaId !== row.media_id ? row.media_id : null;
    });
    await releaseMedia(deps, replaced);
    return presentOne(viewer, id);
  }

  /** Deletes the post; the credits of its promotions still waiting for the admin area come back. */
  async function remove(viewer: SessionUser, id: number): Promise<void> {
    const mediaId = await db.transaction().execute(async (trx) => {
      const row = await repo.lockOwnPost(trx, viewer.id, id);
      if (!row) throw postNotFound();
      for (const kind of await repo.withdrawRequestedPromotions(trx, id)) await grantCredit(trx, viewer.id, kind as PromotionProduct);
      await repo.deletePost(trx, id);
      return row.media_id;
    });
    await releaseMedia(deps, mediaId);
  }

  /**
   * Stores a picture for a post. Pictures serve planned posts only, so without featured status
   * the upload is refused before its body is read.
   */
  /** Refuses a viewer without featured status, before their upload is read. */
  async function requireMediaAllowed(viewer: SessionUser): Promise<void> {
    if (!isFeatured(await repo.featuredUntil(db, viewer.id), clock())) throw needsFeatured();
  }

  async function addMedia(viewer: SessionUser, read: () => Promise<Buffer>): Promise<PostMedia> {
    await requireMediaAllowed(viewer);
    return uploadMedia(deps, viewer.id, await read());
  }

  /** The picture an upload stored under `imageUrl`, when its row was written (a retry after a crash). */
  function uploadedMediaOf(viewer: SessionUser, imageUrl: string): Promise<PostMedia | null> {
    return uploadedMedia(deps, viewer.id, imageUrl);
  }

  /** Spends one of the owner's credits of the kind on a planned post and files the request for the admin area. */
  async function promote(viewer: SessionUser, id: number, productType: PromotionProduct): Promise<PlannedPost> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockOwnPost(trx, viewer.id, id);
      if (!row) throw postNotFound();
      if (row.status !== 'planned') throw badRequest('promotionNeedsPlanned');
      await spendOnPost(trx, { userId: viewer.id, postId: id, productType, orderId: null });
    });
    return presentOne(viewer, id);
  }

  /**
   * The admin area's decision on a requested promotion: done (with the published post's
   * address), or rejected (with the reason) and the credit given back. The guarded update lets
   * exactly one decision (or the post's deletion) win; `also` runs in the same transaction
   * after the winning update (the admin area's audit entry), so both commit or neither.
   */
  async function decidePromotion(
    id: number,
    decision: 'done' | 'rejected',
    opts: { permalink?: string | null; reason?: string | null; also?: (trx: Transaction<Database>, row: repo.PromotionRow) => Promise<void> } = {},
  ): Promise<PostPromotion> {
    const decided = await db.transaction().execute(async (trx) => {
      const row = await repo.decidePromotion(trx, id, decision, clock().toISOString(), { permalink: opts.permalink, reason: opts.reason });
      if (row && decision === 'rejected') await grantCredit(trx, row.user_id, row.product_type as PromotionProduct);
      if (row) await opts.also?.(trx, row);
      return row;
    });
    if (decided) return presentPromotion(decided);
    throw await promotionGone(id);
  }

  /** Why a promotion could not be acted on: decided already (409) or not there (404). */
  async function promotionGone(id: number): Promise<AppError> {
    return (await repo.findPromotion(db, id)) ? conflict('promotionDecided') : notFound('promotionNotFound');
  }

  /**
   * Moves the post of a requested promotion to another time (the admin area could not post it
   * then). The promotion row stays locked until the move commits, so a decision arriving
   * meanwhile waits and then sees the new time; a promotion decided first answers 409.
   */
  async function reschedulePromotion(
    id: number,
    plannedAt: string,
    also?: (trx: Transaction<Database>, before: { postId: number; plannedAt: string | null; userId: number; productType: string }) => Promise<void>,
  ): Promise<{ postId: number; userId: number; before: string | null; plannedAt: string }> {
    const at = toUtc(plannedAt) as string;
    if (Date.parse(at) <= clock().getTime()) throw new AppError(400, 'postPlannedAtPast', {}, { field: 'plannedAt' });
    const moved = await db.transaction().execute(async (trx) => {
      const promotion = await repo.lockRequestedPromotion(trx, id);
      if (!promotion) return undefined;
      const post = await repo.findPost(trx, promotion.post_id);
      if (!post) return undefined;
      await repo.movePlannedAt(trx, post.id, at, clock().toISOString());
      await also?.(trx, { postId: post.id, plannedAt: post.planned_at, userId: post.user_id, productType: promotion.product_type });
      return { postId: post.id, userId: post.user_id, before: post.planned_at, plannedAt: at };
    });
    if (moved) return moved;
    throw await promotionGone(id);
  }

  return {
    list,
    get: presentOne,
    create,
    update,
    remove,
    addMedia,
    uploadedMedia: uploadedMediaOf,
    requireMediaAllowed,
    promote,
    decidePromotion,
    reschedulePromotion,
    /** For account deletion: the post pictures' files (the rows go with the user by cascade). */
    filesOfUser: (userId: number): Promise<string[]> => repo.findMediaUrlsOfUser(db, userId),
  };
}
