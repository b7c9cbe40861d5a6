import type { Language } from '../../../common/languages';
import {
  REPORT_QUEUE_PAGE,
  type ReportGroup,
  type ReportState,
  type ReportTargetType,
  type ResolveReportInput,
} from '../../../common/schemas/admin-moderation';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { tags } from '../../lib/answer-cache/index';
import type { ListingService } from '../listings/index';
import type { NotificationService } from '../notifications/index';
import { deleteReviewIn } from '../reviews/index';
import { writeAudit } from './audit';
import { adminEffects } from './effects';
import { languageOf, type AdminGalleryService, type ModerationDeps, type Step, type Trx } from './gallery-service';
import { notifyReporters } from './report-notices';
import * as repo from './reports-repo';
import type { AdminUserService } from './users-service';

export interface ReportDeps extends ModerationDeps {
  gallery: Pick<AdminGalleryService, 'hideIn' | 'removeIn'>;
  /** Warnings and suspensions are the users area's steps, run inside the resolve's transaction. */
  users: Pick<AdminUserService, 'warnIn' | 'suspendAlong'>;
  listings: { guest_spot: Pick<ListingService, 'kind'>; availability: Pick<ListingService, 'kind'> };
  /** The workplace photos' files of a guest spot, read inside the removal's transaction. */
  spotFiles: (trx: Trx, spotId: number) => Promise<string[]>;
  /** The reporters' in-app notices (the bell), written in the resolution's transaction. */
  notify: NotificationService['notify'];
  /** The forum's steps on a thread or reply; dismissing shows again what the reports alone had hidden. */
  forum: {
    hideIn(trx: Trx, type: ForumTarget, id: number, reason: string): Promise<Step>;
    removeIn(trx: Trx, type: ForumTarget, id: number): Promise<Step>;
    releaseIn(trx: Trx, type: ForumTarget, id: number): Promise<Step | null>;
  };
}

type ForumTarget = 'forum_thread' | 'forum_post';
const isForum = (type: string): type is ForumTarget => type === 'forum_thread' || type === 'forum_post';

const noOpenReports = () => new AppError(404, 'moderationNoOpenReports');
const targetGone = () => new AppError(404, 'moderationTargetGone');

/** The queue's cursor: the last group's time and target, opaque and URL-safe. */
export function encodeGroupCursor(cursor: repo.GroupCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.type, cursor.id])).toString('base64url');
}

export function decodeGroupCursor(value: string): repo.GroupCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [at, type, id] = parsed as [unknown, unknown, unknown];
      if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && typeof type === 'string' && /^[a-z_]{1,20}$/.test(type) && Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647) {
        return { at, type, id: id as number };
      }
    }
  } catch {
    // Answered like any other bad cursor below.
  }
  throw new AppError(400, 'cursorInvalid', {}, { field: 'cursor' });
}

function parseSnapshot(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export type AdminReportService = ReturnType<typeof createAdminReportService>;

/**
 * The reports queue: reports grouped by what they are about, and their resolution, which acts
 * on the target (or its owner), closes every open report on it and tells each reporter the
 * outcome, never who acted.
 */
export function createAdminReportService(deps: ReportDeps) {
  const { db } = deps.ctx;
  const effects = adminEffects(deps.ctx);

  async function list(filter: { status: ReportState; targetType?: ReportTargetType; cursor?: string }) {
    const after = filter.cursor === undefined ? undefined : decodeGroupCursor(filter.cursor);
    const groups = await repo.listGroups(db, { status: filter.status, ...(filter.targetType ? { targetType: filter.targetType } : {}), ...(after ? { after } : {}), limit: REPORT_QUEUE_PAGE + 1 });
    const page = groups.slice(0, REPORT_QUEUE_PAGE);
    const reports = await repo.findReportsOf(db, filter.status, page.map((g) => ({ type: g.target_type, id: Number(g.target_id) })));
    const reportsOf = (type: string, id: number) => reports.filter((r) => r.target_type === type && Number(r.target_id) === id);
    const result: ReportGroup[] = page.map((g) => {
      const own = reportsOf(g.target_type, Number(g.target_id));
      return {
        targetType: g.target_type as ReportTargetType,
        targetId: Number(g.target_id),
        // The snapshot of the first report: a message alone, never its conversation.
        preview: parseSnapshot(own[0]?.snapshot ?? null),
        count: Number(g.count),
        reasons: [...new Set(own.map((r) => r.reason))],
        details: own.map((r) => r.details).filter((d): d is string => !!d),
        firstAt: String(g.first_at),
        lastAt: String(g.last_at),
        status: filter.status,
      };
    });
    const last = page.at(-1);
    const key = filter.status === 'open' ? 'first_at' : 'last_at';
    return {
      reports: result,
      nextCursor: groups.length > REPORT_QUEUE_PAGE && last ? encodeGroupCursor({ at: String(last[key]), type: last.target_type, id: Number(last.target_id) }) : null,
    };
  }

  /** Hides a listing inside the resolve transaction: off every public list, the owner told why. */
  async function hideListing(trx: Trx, type: 'guest_spot' | 'availability', id: number, reason: string): Promise<Step> {
    const table = type === 'guest_spot' ? 'guest_spots' : 'availabilities';
    const row = await repo.lockListing(trx, table, id);
    if (!row) throw targetGone();
    const now = new Date().toISOString();
    if (!row.hidden_at) await repo.hideListing(trx, table, id, reason, now);
    const events = [
      await listingChanged(trx, type, id, row.owner_id),
      await effects.mail(trx, { email: row.owner_email, name: row.owner_name, language: languageOf(row) }, 'moderationListingHidden', { reason, title: row.title }),
    ];
    return {
      before: { hidden: !!row.hidden_at, active: row.is_active === 1 },
      after: { hidden: true, active: false },
      afterCommit: async () => effects.committed(events),
    };
  }

  async function removeListing(trx: Trx, type: 'guest_spot' | 'availability', id: number, reason: string): Promise<Step> {
    const table = type === 'guest_spot' ? 'guest_spots' : 'availabilities';
    const row = await repo.lockListing(trx, table, id);
    if (!row) throw targetGone();
    const files = type === 'guest_spot' ? await deps.spotFiles(trx, id) : [];
    await repo.deleteListing(trx, table, id);
    const events = [
      await listingChanged(trx, type, id, row.owner_id),
      await effects.mail(trx, { email: row.owner_email, name: row.owner_name, language: languageOf(row) }, 'moderationListingRemoved', { reason, title: row.title }),
    ];
    return {
      before: { exists: true, title: row.title, ownerId: row.owner_id },
      after: { exists: false },
      afterCommit: async () => {
        effects.committed(events);
        if (files.length) await deps.ctx.deleteFiles(files);
      },
    };
  }

  function listingChanged(trx: Trx, type: 'guest_spot' | 'availability', id: number, ownerId: number) {
    const { kind } = deps.listings[type];
    return effects.clear(trx, [
      tags.listing(kind.cacheKey, id),
      tags.listings(kind.cacheKey),
      tags.profile(ownerId),
      ...(type === 'availability' ? [tags.artists] : []),
    ]);
  }

  async function removeMessage(trx: Trx, id: number): Promise<Step> {
    const row = await repo.lockMessage(trx, id);
    if (!row) throw targetGone();
    if (!row.removed_at) await repo.removeMessage(trx, id, new Date().toISOString());
    return { before: { removed: !!row.removed_at }, after: { removed: true }, afterCommit: async () => {} };
  }

  async function removeReview(trx: Trx, id: number): Promise<Step> {
    const reviewed = await deleteReviewIn(trx, id);
    if (reviewed === null) throw targetGone();
    // The reviewed user's rating shows on their profile and cards.
    const events = [await effects.clear(trx, [tags.user(reviewed), tags.profile(reviewed)])];
    return {
      before: { exists: true, reviewedId: reviewed },
      after: { exists: false },
      afterCommit: async () => effects.committed(events),
    };
  }

  /**
   * What the action does to the target inside the transaction; dismissing and the owner actions
   * leave it as it is, except forum content the reports alone had hidden, which comes back.
   */
  function stepFor(trx: Trx, input: ResolveReportInput): Promise<Step | null> | null {
    const { targetType: type, targetId: id, action, reason } = input;
    if (isForum(type)) {
      if (action === 'hide') return deps.forum.hideIn(trx, type, id, reason);
      if (action === 'remove') return deps.forum.removeIn(trx, type, id);
      return deps.forum.releaseIn(trx, type, id);
    }
    if (action === 'hide') {
      if (type === 'image') return deps.gallery.hideIn(trx, id, reason);
      if (type === 'guest_spot' || type === 'availability') return hideListing(trx, type, id, reason);
    }
    if (action === 'remove') {
      if (type === 'image') return deps.gallery.removeIn(trx, id, reason);
      if (type === 'guest_spot' || type === 'availability') return removeListing(trx, type, id, reason);
      if (type === 'message') return removeMessage(trx, id);
      if (type === 'review') return removeReview(trx, id);
    }
    return null;
  }

  /** The account an owner action is about: the reported user, or whoever the reports name as responsible. */
  function ownerIn(open: { target_user_id: number | null }[], input: ResolveReportInput): number | undefined {
    return input.targetType === 'user' ? input.targetId : (open.find((r) => r.target_user_id !== null)?.target_user_id ?? undefined);
  }

  async function ownerOf(input: ResolveReportInput): Promise<number> {
    const open = await repo.lockOpenReports(db, input.targetType, input.targetId);
    if (open.length === 0) throw noOpenReports();
    const owner = ownerIn(open, input);
    if (!owner || !(await repo.findUser(db, owner))) throw targetGone();
    return owner;
  }

  async function resolve(adminId: number, input: ResolveReportInput) {
    const status = input.action === 'dismiss' ? 'dismissed' : 'resolved';
    // One transaction and one audit entry for the whole resolution: a warning or a suspension of
    // the owner is done by the users area's steps inside it and recorded in the resolve's entry,
    // so a refusal there (the owner is the admin, already suspended) leaves everything as it was.
    const body = async (trx: Trx, owner?: { id: number; step: Step }) => {
      const open = await repo.lockOpenReports(trx, input.targetType, input.targetId);
      if (open.length === 0) throw noOpenReports();
      if (owner && ownerIn(open, input) !== owner.id) throw targetGone();
      const step = await stepFor(trx, input);
      await repo.closeReports(trx, open.map((r) => r.id), { status, resolution: input.action, reason: input.reason, now: new Date().toISOString() });
      await writeAudit(trx, {
        adminId,
        action: 'report.resolve',
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        details: {
          before: { status: 'open', reports: open.length, ...(step?.before ?? {}), ...(owner ? { owner: { id: owner.id, ...owner.step.before } } : {}) },
          after: { status, action: input.action, ...(step?.after ?? {}), ...(owner ? { owner: { id: owner.id, ...owner.step.after } } : {}) },
        },
      });
      const announce = await notifyReporters(trx, deps.notify, open, input, adminId);
      // Each reporter learns the outcome in their language; the admin and the reason stay inside.
      const mails = [];
      for (const r of open) {
        const language: Language = languageOf({ language: r.reporter_language });
        mails.push(
          await effects.mail(trx, { email: r.reporter_email, name: r.reporter_name, language }, 'reportOutcome', {
            date: String(r.created_at).slice(0, 10),
            outcome: t(language, `mail:reportOutcome.outcomes.${input.action}`),
          }),
        );
      }
      return { step, reporters: open, announce, mails };
    };
    let done: Awaited<ReturnType<typeof body>>;
    if (input.action === 'suspend_owner') {
      const id = await ownerOf(input);
      // The suspension's transaction also ends the owner's sessions; its mail follows its commit.
      done = await deps.users.suspendAlong(adminId, id, { reason: input.reason }, (trx, step) => body(trx, { id, step }));
    } else if (input.action === 'warn_owner') {
      const id = await ownerOf(input);
      let warning: Step | undefined;
      done = await db.transaction().execute(async (trx) => {
        warning = await deps.users.warnIn(trx, id, adminId, input.reason);
        return body(trx, { id, step: warning });
      });
      await warning?.afterCommit();
    } else {
      done = await db.transaction().execute((trx) => body(trx));
    }
    const { step, reporters, announce, mails } = done;
    await step?.afterCommit();
    await announce();
    effects.committed(mails);
    return { status, closed: reporters.length };
  }

  return { list, resolve };
}
