import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { GALLERY_QUEUE_PAGE, type ImageReviewState, type ModerationImage } from '../../../common/schemas/admin-moderation';
import { isDbId } from '../../../common/schemas/ids';
import { hasControlCharacters } from '../../../common/text';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { setImageFilesHidden } from '../../lib/images/index';
import { cardImageTags } from '../gallery/index';
import type { Transaction } from 'kysely';
import { writeAudit } from './audit';
import { adminEffects } from './effects';
import * as repo from './gallery-repo';

export type Trx = Transaction<Database>;

export interface ModerationDeps {
  ctx: Pick<AppContext, 'db' | 'mailer' | 'outbox' | 'deleteFiles' | 'config' | 'storage'>;
}

/**
 * A moderation step done inside the caller's transaction: what it changed (for the audit
 * entry) and the work that must wait until the transaction committed (its outbox events, which
 * carry the cleared caches and the mail, and the files).
 */
export interface Step {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  afterCommit: () => Promise<void>;
}

const imageNotFound = () => new AppError(404, 'galleryImageNotFound');

export function languageOf(row: { language?: string | null; owner_language?: string | null }): Language {
  const value = row.language ?? row.owner_language ?? null;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The place after the last image of a page, as an opaque URL-safe string. */
export function encodeQueueCursor(cursor: repo.QueueCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeQueueCursor(value: string): repo.QueueCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, id] = parsed as [unknown, unknown];
      // A forged cursor must not carry what the database refuses: a NUL, an id past the column.
      if (typeof createdAt === 'string' && !hasControlCharacters(createdAt) && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'number' && isDbId(id)) {
        return { createdAt, id };
      }
    }
  } catch {
    // Answered like any other bad cursor below.
  }
  throw new AppError(400, 'cursorInvalid', {}, { field: 'cursor' });
}

function present(row: repo.QueueRow, styles: { id: number; name: string }[]): ModerationImage {
  return {
    id: row.id,
    thumbnailUrl: row.thumbnail_url,
    mediumUrl: row.medium_url,
    largeUrl: row.image_url,
    width: Number(row.width),
    height: Number(row.height),
    caption: row.caption,
    styles,
    uploadedAt: row.created_at,
    uploader: { id: row.user_id, name: row.owner_name, username: row.owner_username },
    status: row.hidden_at ? 'hidden' : (row.review_status as ImageReviewState),
    hiddenReason: row.hidden_reason,
    reportCount: Number(row.report_count ?? 0),
  };
}

export type AdminGalleryService = ReturnType<typeof createAdminGalleryService>;

/**
 * Gallery moderation after publication: images are public from the upload and reviewed here
 * afterwards; an admin marks them reviewed, hides them (they leave every public answer, their
 * owner sees why), shows them again, or deletes them with their files.
 */
export function createAdminGalleryService(deps: ModerationDeps) {
  const { db } = deps.ctx;
  const effects = adminEffects(deps.ctx);
  /** The owner's profile, the gallery pages and every card showing the owner's latest works. */
  const changed = (trx: Trx, userId: number) => effects.clear(trx, [tags.profile(userId), tags.gallery, ...cardImageTags(userId)]);
  // The caption in the mail, so the owner knows which image; none when it has no caption.
  const captionPart = (row: repo.LockedImage) => (row.caption ? ` (“${row.caption}”)` : '');
  const ownerOf = (row: repo.LockedImage) => ({ email: row.owner_email, name: row.owner_name, language: languageOf(row) });

  async function list(status: ImageReviewState, cursor: string | undefined, lang: Language) {
    const after = cursor === undefined ? undefined : decodeQueueCursor(cursor);
    const rows = await repo.listQueue(db, status, after, GALLERY_QUEUE_PAGE + 1);
    const page = rows.slice(0, GALLERY_QUEUE_PAGE);
    const styleRows = await repo.findStyles(db, page.map((r) => r.id), lang);
    const styles = new Map<number, { id: number; name: string }[]>();
    for (const s of styleRows) styles.set(s.image_id, [...(styles.get(s.image_id) ?? []), { id: s.id, name: s.name }]);
    const last = page.at(-1);
    return {
      images: page.map((row) => present(row, styles.get(row.id) ?? [])),
      nextCursor: rows.length > GALLERY_QUEUE_PAGE && last ? encodeQueueCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  /** Marks images reviewed; every id must name an image (404 otherwise), those already reviewed stay as they are. */
  async function review(adminId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const changedIds = await db.transaction().execute(async (trx) => {
      if ((await repo.countExisting(trx, unique)) !== unique.length) throw imageNotFound();
      const rows = await repo.markReviewed(trx, unique, new Date().toISOString());
      await writeAudit(trx, {
        adminId,
        action: 'gallery.review',
        targetType: 'image',
        targetId: unique.length === 1 ? (unique[0] as number) : null,
        details: { before: { status: 'new', ids: rows.map((r) => r.id) }, after: { status: 'reviewed' } },
      });
      return rows.map((r) => r.id);
    });
    return { reviewed: changedIds.length };
  }

  /** Hides an image inside the caller's transaction: out of the gallery, the profile and the cards; its owner is told why. */
  async function hideIn(trx: Trx, id: number, reason: string): Promise<Step> {
    const row = await repo.lockImage(trx, id);
    if (!row) throw imageNotFound();
    if (row.hidden_at) throw new AppError(409, 'moderationImageHidden');
    const now = new Date().toISOString();
    await repo.setHidden(trx, id, { at: now, reason }, now);
    const events = [await changed(trx, row.user_id), await effects.mail(trx, ownerOf(row), 'moderationImageHidden', { reason, caption: captionPart(row) })];
    return {
      before: { hidden: false },
      after: { hidden: true, reason },
      afterCommit: async () => {
        effects.committed(events);
        await setImageFilesHidden(deps.ctx.storage, [row.image_url], true);
      },
    };
  }

  async function unhideIn(trx: Trx, id: number, reason: string): Promise<Step> {
    const row = await repo.lockImage(trx, id);
    if (!row) throw imageNotFound();
    if (!row.hidden_at) throw new AppError(409, 'moderationImageNotHidden');
    await repo.setHidden(trx, id, null, new Date().toISOString());
    const events = [await changed(trx, row.user_id)];
    return {
      before: { hidden: true, reason: row.hidden_reason },
      after: { hidden: false, reason },
      afterCommit: async () => {
        effects.committed(events);
        await setImageFilesHidden(deps.ctx.storage, [row.image_url], false);
      },
    };
  }

  /** Deletes an image inside the caller's transaction; its files go once the row is gone for good. */
  async function removeIn(trx: Trx, id: number, reason: string): Promise<Step> {
    const row = await repo.lockImage(trx, id);
    if (!row) throw imageNotFound();
    await repo.deleteImage(trx, id);
    const events = [await changed(trx, row.user_id), await effects.mail(trx, ownerOf(row), 'moderationImageRemoved', { reason, caption: captionPart(row) })];
    return {
      before: { exists: true, userId: row.user_id, caption: row.caption, hidden: !!row.hidden_at },
      after: { exists: false },
      afterCommit: async () => {
        effects.committed(events);
        await deps.ctx.deleteFiles([row.image_url, row.medium_url, row.thumbnail_url]);
      },
    };
  }

  /** One step in its own transaction with its one audit entry; the after-commit work follows. */
  async function run(adminId: number, action: string, id: number, reason: string, step: (trx: Trx, id: number, reason: string) => Promise<Step>) {
    const done = await db.transaction().execute(async (trx) => {
      const result = await step(trx, id, reason);
      await writeAudit(trx, { adminId, action, targetType: 'image', targetId: id, reason, details: { before: result.before, after: result.after } });
      return result;
    });
    await done.afterCommit();
  }

  return {
    list,
    review,
    hide: (adminId: number, id: number, reason: string) => run(adminId, 'gallery.hide', id, reason, hideIn),
    unhide: (adminId: number, id: number, reason: string) => run(adminId, 'gallery.unhide', id, reason, unhideIn),
    remove: (adminId: number, id: number, reason: string) => run(adminId, 'gallery.delete', id, reason, removeIn),
    /** For the reports queue: the same steps inside its resolve transaction. */
    hideIn,
    removeIn,
  };
}
