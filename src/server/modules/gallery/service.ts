import type { Language } from '../../../common/languages';
import type { GalleryImage, GalleryListItem, GalleryListQuery, GalleryOwner } from '../../../common/schemas/gallery';
import { isDbId } from '../../../common/schemas/ids';
import type { SessionUser } from '../../../common/schemas/session';
import { hasControlCharacters } from '../../../common/text';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-log';
import { AppError, forbidden } from '../../errors';
import { tags } from '../../lib/answer-cache/index';
import { processImage, recordStoredImage, storeImage, variantRecord } from '../../lib/images/index';
import { defineChange, type Within } from '../../lib/outbox/index';
import type { ReferenceService } from '../reference/index';
import { cardImageTags } from './card-images';
import { galleryPolicy } from './policy';
import { presentGalleryImage, presentListItem, presentOwner, type NamedStyle } from './presenter';
import * as repo from './repo';

/**
 * At most this many images per portfolio: the profile answer carries the whole portfolio,
 * so it has to stay bounded (the documents give no number).
 */
export const GALLERY_MAX_PER_USER = 300;

const imageNotFound = () => new AppError(404, 'galleryImageNotFound');
const galleryFull = () => new AppError(400, 'galleryFull', { max: GALLERY_MAX_PER_USER });

export type GalleryDeps = Pick<AppContext, 'db' | 'storage' | 'deleteFiles' | 'invalidation'> & Partial<Pick<AppContext, 'outbox'>> & {
  /** The check of style ids against the reference table. */
  reference: Pick<ReferenceService, 'checkStyleIds' | 'cityNamer' | 'citiesNamed'>;
};

export type GalleryService = ReturnType<typeof createGalleryService>;

export function createGalleryService(deps: GalleryDeps) {
  const { db } = deps;
  /** A portfolio change: its owner's profile, the public gallery pages and the cards showing their latest works. */
  const change = defineChange<{ userId: number }>(deps.outbox, deps.invalidation, 'gallery.changed', ({ userId }) => [tags.profile(userId), tags.gallery, ...cardImageTags(userId)]);
  const changing = <T>(userId: number, write: (within: Within) => Promise<T>) => change.around({ userId }, write);

  async function stylesByImage(imageIds: number[], lang: Language): Promise<Map<number, NamedStyle[]>> {
    const rows = await repo.findImageStyles(db, imageIds, lang);
    const map = new Map<number, NamedStyle[]>();
    for (const row of rows) {
      const list = map.get(row.image_id) ?? [];
      list.push({ id: row.id, name: row.name });
      map.set(row.image_id, list);
    }
    return map;
  }

  /** A user's portfolio as the profile answer carries it: two queries, whatever its size. */
  async function listUserImages(userId: number, viewer: SessionUser | null, lang: Language): Promise<GalleryImage[]> {
    // Images hidden by moderation stay in their owner's own view (marked with the reason), nowhere else.
    const rows = (await repo.findUserImages(db, userId)).filter((row) => !row.hidden_at || galleryPolicy.seeHidden(viewer, row));
    const styles = await stylesByImage(rows.map((r) => r.id), lang);
    return rows.map((row) => presentGalleryImage(row, styles.get(row.id) ?? [], viewer));
  }

  async function presentOne(row: repo.ImageRow, viewer: SessionUser | null, lang: Language): Promise<GalleryImage> {
    const styles = await stylesByImage([row.id], lang);
    return presentGalleryImage(row, styles.get(row.id) ?? [], viewer);
  }

  async function getImage(id: number, viewer: SessionUser | null, lang: Language): Promise<{ image: GalleryImage; user: GalleryOwner }> {
    const row = await repo.findImage(db, id);
    if (!row || (row.hidden_at && !galleryPolicy.seeHidden(viewer, row))) throw imageNotFound();
    const [image, owner, cityName] = await Promise.all([presentOne(row, viewer, lang), repo.findOwner(db, row.user_id), deps.reference.cityNamer(lang)]);
    if (!owner) throw imageNotFound();
    return { image, user: presentOwner(owner, cityName) };
  }

  async function requireStyles(ids: number[]): Promise<void> {
    await deps.reference.checkStyleIds(ids, { error: (code, field) => new AppError(400, code, {}, { field }) });
  }

  async function uploadImage(user: SessionUser, input: { buffer: Buffer; caption?: string | null; styleIds: number[] }, lang: Language): Promise<GalleryImage> {
    if (!galleryPolicy.upload(user)) throw forbidden();
    await requireStyles(input.styleIds);
    // Spares the image work in the common case; the insert decides for parallel uploads.
    if ((await repo.countUserImages(db, user.id)) >= GALLERY_MAX_PER_USER) throw galleryFull();
    const processed = await processImage(input.buffer, 'gallery');
    const stored = await storeImage(deps.storage, processed, `gallery/${user.id}`);
    const id = await changing(user.id, (within) =>
      recordStoredImage(
        stored,
        deps.deleteFiles,
        () =>
          repo.insertImage(
            db,
            {
              userId: user.id,
              ...variantRecord(processed, stored),
              caption: input.caption ?? null,
              styleIds: input.styleIds,
              now: new Date().toISOString(),
            },
            GALLERY_MAX_PER_USER,
            within,
          ),
        (inserted): inserted is null => inserted === null,
        galleryFull,
      ),
    );
    const row = await repo.findImage(db, id);
    if (!row) throw imageNotFound();
    return presentOne(row, user, lang);
  }

  /** The image an upload stored under `imageUrl`, when its row was written (a retry after a crash). */
  async function uploadedImage(user: SessionUser, imageUrl: string, lang: Language): Promise<GalleryImage | null> {
    const row = await repo.findUserImageByUrl(db, user.id, imageUrl);
    return row ? presentOne(row, user, lang) : null;
  }

  async function updateImage(user: SessionUser, id: number, input: { caption?: string | null; styleIds?: number[] }, lang: Language): Promise<GalleryImage> {
    const row = await repo.findImage(db, id);
    if (!row) throw imageNotFound();
    if (!galleryPolicy.update(user, row)) throw forbidden();
    if (input.styleIds) await requireStyles(input.styleIds);
    await changing(row.user_id, (within) => repo.updateImage(db, id, { caption: input.caption, styleIds: input.styleIds, now: new Date().toISOString() }, within));
    const updated = await repo.findImage(db, id);
    if (!updated) throw imageNotFound();
    return presentOne(updated, user, lang);
  }

  async function deleteImage(user: SessionUser, id: number): Promise<void> {
    const row = await repo.findImage(db, id);
    if (!row) throw imageNotFound();
    if (!galleryPolicy.delete(user, row)) throw forbidden();
    await changing(row.user_id, (within) =>
      db.transaction().execute(async (trx) => {
        await repo.deleteImage(trx, id);
        // An admin deleting someone else's image is a moderation action: its audit entry commits with it.
        if (user.id !== row.user_id) {
          await writeAudit(trx, {
            adminId: user.id,
            action: 'gallery.delete',
            targetType: 'image',
            targetId: id,
            details: { before: { exists: true, userId: row.user_id, caption: row.caption, hidden: !!row.hidden_at }, after: { exists: false } },
          });
        }
        await within(trx);
      }),
    );
    await deps.deleteFiles([row.image_url, row.medium_url, row.thumbnail_url]);
  }

  /**
   * Puts the owner's images in the given order. Images left out (say, one uploaded in another
   * tab meanwhile) keep their relative order after the listed ones.
   */
  async function reorderImages(user: SessionUser, ids: number[], lang: Language): Promise<GalleryImage[]> {
    const own = await repo.findUserImages(db, user.id);
    const ownIds = new Set(own.map((r) => r.id));
    if (!ids.every((id) => ownIds.has(id))) throw new AppError(400, 'galleryOrderInvalid', {}, { field: 'ids' });
    const listed = new Set(ids);
    const ordered = [...ids, ...own.filter((r) => !listed.has(r.id)).map((r) => r.id)];
    await changing(user.id, (within) =>
      db.transaction().execute(async (trx) => {
        await repo.setPositions(trx, user.id, ordered, new Date().toISOString());
        await within(trx);
      }),
    );
    return listUserImages(user.id, user, lang);
  }

  /** The public gallery: every portfolio image, newest first, paged by (createdAt, id). */
  async function listPublic(
    query: GalleryListQuery,
    viewer: SessionUser | null,
    lang: Language,
  ): Promise<{ images: GalleryListItem[]; nextCursor: string | null }> {
    const filter: repo.PublicFilter = { limit: query.limit + 1 };
    if (query.cursor) filter.after = decodeCursor(query.cursor);
    if (query.style) {
      const styleId = /^\d+$/.test(query.style) ? Number(query.style) : await repo.findStyleIdBySlug(db, query.style);
      if (styleId === undefined) return { images: [], nextCursor: null };
      filter.styleId = styleId;
    }
    if (query.country) {
      if (/^\d+$/.test(query.country)) filter.countryId = Number(query.country);
      else filter.countryCode = query.country.toUpperCase();
    }
    if (query.city) {
      if (/^\d+$/.test(query.city)) {
        // 0 is "Other City" in the forms: no particular city, so no filter.
        if (Number(query.city) > 0) filter.cityId = Number(query.city);
      } else {
        // Any language's spelling means the listed city, whose stored name the profiles carry.
        const [city] = await deps.reference.citiesNamed(query.city);
        filter.cityName = city?.name ?? query.city;
      }
    }
    const rows = await repo.findPublicImages(db, filter);
    const page = rows.slice(0, query.limit);
    const [styles, cityName] = await Promise.all([stylesByImage(page.map((r) => r.id), lang), deps.reference.cityNamer(lang)]);
    const last = page[page.length - 1];
    return {
      images: page.map((row) => presentListItem(row, styles.get(row.id) ?? [], viewer, cityName)),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  return {
    listUserImages,
    getImage,
    uploadImage,
    uploadedImage,
    updateImage,
    deleteImage,
    reorderImages,
    listPublic,
    /** For account deletion: the user's gallery files (the rows go with the user by cascade). */
    filesOfUser: (userId: number): Promise<string[]> => repo.findImageUrlsOfUser(db, userId),
  };
}

interface Cursor {
  createdAt: string;
  id: number;
}

/** The position after the last item of a page, as an opaque URL-safe string. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, id] = parsed as [unknown, unknown];
      // A forged cursor must not carry what the database refuses: text with NUL, an id past the column's range.
      if (typeof createdAt === 'string' && !hasControlCharacters(createdAt) && !Number.isNaN(Date.parse(createdAt)) && typeof id === 'number' && isDbId(id)) {
        return { createdAt, id: id as number };
      }
    }
  } catch {
    // Falls through to the same answer as any other bad cursor.
  }
  throw new AppError(400, 'cursorInvalid', {}, { field: 'cursor' });
}

