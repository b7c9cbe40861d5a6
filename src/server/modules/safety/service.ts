import type { z } from 'zod';
import type { reportSchema } from '../../../common/schemas/messages';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { noInvalidation } from '../../lib/answer-cache/index';
import { definePrompt, type Emitted } from '../../lib/outbox/index';
import { consume, refund } from '../../lib/rate-limit/index';
import type { EventBus } from '../../lib/events/port';
import { reportPolicy } from './policy';
import { presentBlock, presentReport, snapshotOf } from './presenter';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60_000;
/** Reports a user may file a day: plenty for real abuse, too few to flood the admin queue. */
export const REPORT_LIMIT = { name: 'report', max: 10, windowMs: DAY_MS };
export const BLOCKS_PAGE_SIZE = 50;

export interface SafetyDeps extends Pick<AppContext, 'db' | 'rateLimits' | 'outbox'> {
  /** Live events, when the app has them: the blocker's unread count changes with a block. */
  events?: EventBus;
  /** A user's unread-message count as the messages service counts it (blocked threads left out). */
  unreadCount?: (userId: number) => Promise<number>;
  /** Told of each new report once stored: the forum hides what enough members reported. */
  onReported?: (targetType: string, targetId: number) => Promise<void>;
}

export type SafetyService = ReturnType<typeof createSafetyService>;

/** A position in the block list: the last row's time and user id. */
export interface BlockCursor {
  createdAt: string;
  id: number;
}

export const encodeBlockCursor = (c: BlockCursor) => `${c.createdAt}_${c.id}`;

export function createSafetyService(deps: SafetyDeps) {
  const { db, rateLimits } = deps;

  /**
   * A block hides a thread from the blocker's list and count (and an unblock brings it back): the
   * change is an outbox event of the block's own write, so the blocker's open tabs hear the new
   * count even when this process ends right after answering.
   */
  const unreadChanged = deps.outbox.define<{ userId: number }>('safety.unread-changed', {
    deliver: async ({ userId }) => {
      const { events, unreadCount } = deps;
      if (!events || !unreadCount) return;
      events.publish([userId], { type: 'unread.count', count: await unreadCount(userId) });
    },
  });

  /**
   * A new report: the forum hides what enough members reported, and the admins' open tabs (the
   * queue's badge) hear of it, from an event written with the report.
   */
  type Reported = { targetType: z.infer<typeof reportSchema>['targetType']; targetId: number };
  const reported = definePrompt<Reported>(deps.outbox, noInvalidation, 'safety.reported', {
    async deliver({ targetType, targetId }) {
      await deps.onReported?.(targetType, targetId);
      const admins = await repo.adminIds(db);
      if (admins.length) deps.events?.publish(admins, { type: 'report.created', targetType, targetId });
    },
  });

  /** Runs a block's write and, when it changed something, its event, in one transaction. */
  async function changeBlock(userId: number, write: (trx: Db) => Promise<boolean>): Promise<void> {
    const emitted = await db.transaction().execute(async (trx): Promise<Emitted | null> => ((await write(trx)) ? unreadChanged.emit(trx, { userId }) : null));
    if (emitted) deps.outbox.afterCommit(emitted);
  }

  async function block(user: SessionUser, targetId: number) {
    if (targetId === user.id) throw badRequest('blockSelf');
    if (!(await repo.userExists(db, targetId))) throw notFound('userNotFound');
    await changeBlock(user.id, (trx) => repo.insertBlock(trx, user.id, targetId, new Date().toISOString()));
    return { blocked: true };
  }

  async function unblock(user: SessionUser, targetId: number) {
    if (targetId === user.id) throw badRequest('blockSelf');
    if (!(await repo.userExists(db, targetId))) throw notFound('userNotFound');
    await changeBlock(user.id, (trx) => repo.deleteBlock(trx, user.id, targetId));
    return { blocked: false };
  }

  async function listBlocks(user: SessionUser, cursor?: BlockCursor) {
    const rows = await repo.listBlocks(db, user.id, BLOCKS_PAGE_SIZE + 1, cursor);
    const page = rows.slice(0, BLOCKS_PAGE_SIZE);
    const last = page.at(-1);
    const nextCursor = rows.length > BLOCKS_PAGE_SIZE && last ? encodeBlockCursor({ createdAt: last.created_at, id: last.id }) : null;
    return { blocks: page.map(presentBlock), nextCursor };
  }

  /** The target's snapshot and the user it is about, after checking the reporter may report it. */
  async function resolveTarget(user: SessionUser, type: z.infer<typeof reportSchema>['targetType'], id: number) {
    if (type === 'message') {
      const message = await repo.findMessageTarget(db, id);
      const verdict = message ? reportPolicy.message(user, message) : 'hidden';
      if (!message || verdict === 'hidden') throw notFound('reportTargetNotFound');
      if (verdict === 'notAllowed') throw forbidden('reportNotAllowed');
      return { targetUserId: message.sender_id, snapshot: snapshotOf.message(message) };
    }
    if (type === 'review') {
      const review = await repo.findReviewTarget(db, id);
      if (!review) throw notFound('reportTargetNotFound');
      if (reportPolicy.review(user, review) !== 'ok') throw forbidden();
      return { targetUserId: review.reviewer_id, snapshot: snapshotOf.review(review) };
    }
    if (type === 'image') {
      const image = await repo.findImageTarget(db, id);
      const verdict = image ? reportPolicy.published(user, { owner_id: image.user_id, hidden_at: image.hidden_at }) : 'hidden';
      if (!image || verdict === 'hidden') throw notFound('reportTargetNotFound');
      if (verdict === 'forbidden') throw forbidden();
      return { targetUserId: image.user_id, snapshot: snapshotOf.image(image) };
    }
    if (type === 'forum_thread' || type === 'forum_post') {
      const target = type === 'forum_thread' ? await repo.findForumThreadTarget(db, id) : await repo.findForumPostTarget(db, id);
      if (!target) throw notFound('reportTargetNotFound');
      const owner = 'author_id' in target ? target.author_id : 0;
      const hidden = 'thread_hidden_at' in target ? !!target.hidden_at || !!target.thread_hidden_at : !!target.hidden_at || !!target.deleted_at;
      const verdict = reportPolicy.forum(user, { owner_id: owner, hidden });
      if (verdict === 'hidden') throw notFound('reportTargetNotFound');
      if (verdict === 'own') throw new AppError(400, 'forumReportOwn');
      const snapshot = 'thread_hidden_at' in target ? snapshotOf.forumPost(target) : snapshotOf.forumThread(target);
      return { targetUserId: owner, snapshot };
    }
    if (type === 'guest_spot' || type === 'availability') {
      const listing = await repo.findListingTarget(db, type, id);
      const verdict = listing ? reportPolicy.published(user, listing) : 'hidden';
      if (!listing || verdict === 'hidden') throw notFound('reportTargetNotFound');
      if (verdict === 'forbidden') throw forbidden();
      return { targetUserId: listing.owner_id, snapshot: snapshotOf.listing(listing) };
    }
    const target = await repo.findUserTarget(db, id);
    if (!target) throw notFound('reportTargetNotFound');
    if (reportPolicy.user(user, target) !== 'ok') throw forbidden();
    return { targetUserId: target.id, snapshot: snapshotOf.user(target) };
  }

  /**
   * Files a report once per reporter and target. Counted against the day's limit first, so
   * parallel reports cannot pass it; a repeat stores nothing and gives its count back.
   */
  async function report(user: SessionUser, input: z.infer<typeof reportSchema>) {
    const key = `user:${user.id}`;
    await consume(rateLimits, REPORT_LIMIT, [key]);
    const { targetUserId, snapshot } = await resolveTarget(user, input.targetType, input.targetId);
    const target: Reported = { targetType: input.targetType, targetId: input.targetId };
    const { row, created, told } = await db.transaction().execute(async (trx) => {
      const stored = await repo.insertReportOnce(trx, {
        reporterId: user.id,
        targetType: input.targetType,
        targetId: input.targetId,
        targetUserId,
        reason: input.reason,
        details: input.details || null,
        snapshot: JSON.stringify(snapshot),
        now: new Date().toISOString(),
      });
      return { ...stored, told: stored.created ? await reported.emit(trx, target) : [] };
    });
    if (created) await reported.committed(told, target);
    else await refund(rateLimits, REPORT_LIMIT, key);
    return { report: presentReport(row), created };
  }

  return { block, unblock, listBlocks, report };
}
