import type { Language } from '../../../common/languages';
import type { GalleryImage, GalleryListItem, GalleryListQuery, GalleryOwner } from '../../../common/schemas/gallery';
import { isDbId } from '../../../common/schemas/ids';
import type { SessionUser } from '../../../common/schemas/session';
import { hasControlCharacters } from '../../../common/text';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError, forbidden } from '../../errors';
import { processImage, storeImage } from '../../lib/images/index';
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

async function stylesByImage(db: Db, imageIds: number[], lang: Language): Promise<Map<number, NamedStyle[]>> {
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
export async function listUserImages(db: Db, userId: number, lang: Language): Promise<GalleryImage[]> {
  const rows = await repo.findUserImages(db, userId);
  const styles = await stylesByImage(db, rows.map((r) => r.id), lang);
  return rows.map((row) => presentGalleryImage(row, styles.get(row.id) ?? []));
}

async function presentOne(db: Db, row: repo.ImageRow, lang: Language): Promise<GalleryImage> {
  const styles = await stylesByImage(db, [row.id], lang);
  return presentGalleryImage(row, styles.get(row.id) ?? []);
}

export async function getImage(db: Db, id: number, lang: Language): Promise<{ image: GalleryImage; user: GalleryOwner }> {
  const row = await repo.findImage(db, id);
  if (!row) throw imageNotFound();
  const [image, owner] = await Promise.all([presentOne(db, row, lang), repo.findOwner(db, row.user_id)]);
  if (!owner) throw imageNotFound();
  return { image, user: presentOwner(owner) };
}

async function requireStyles(db: Db, ids: number[]): Promise<void> {
  const found = await repo.findExistingStyleIds(db, ids);
  if (found.length !== ids.length) throw new AppError(400, 'styleUnknown', {}, { field: 'styleIds' });
}

export async function uploadImage(
  ctx: AppContext,
  user: SessionUser,
  input: { buffer: Buffer; caption?: string | null; styleIds: number[] },
  lang: Language,
): Promise<GalleryImage> {
  if (!galleryPolicy.upload(user)) throw forbidden();
  await requireStyles(ctx.db, input.styleIds);
  // Spares the image work in the common case; the insert decides for parallel uploads.
  if ((await repo.countUserImages(ctx.db, user.id)) >= GALLERY_MAX_PER_USER) throw galleryFull();
  const processed = await processImage(input.buffer, 'gallery');
  const stored = await storeImage(ctx.storage, processed, `gallery/${user.id}`);
  let id: number | null;
  try {
    id = await repo.insertImage(ctx.db, {
      userId: user.id,
      imageUrl: stored.urls.largeUrl,
      mediumUrl: stored.urls.mediumUrl,
      thumbnailUrl: stored.urls.thumbnailUrl,
      width: processed.variants.large.width,
      height: processed.variants.large.height,
      caption: input.caption ?? null,
      styleIds: input.styleIds,
      now: new Date().toISOString(),
    }, GALLERY_MAX_PER_USER);
  } catch (err) {
    // No row points at the files, so nothing else would ever delete them.
    await ctx.deleteFiles([stored.imageUrl]).catch(() => undefined);
    throw err;
  }
  if (id === null) {
    await ctx.deleteFiles([stored.imageUrl]);
    throw galleryFull();
  }
  const row = await repo.findImage(ctx.db, id);
  if (!row) throw imageNotFound();
  return presentOne(ctx.db, row, lang);
}

export async function updateImage(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: { caption?: string | null; styleIds?: number[] },
  lang: Language,
): Promise<GalleryImage> {
  const row = await repo.findImage(ctx.db, id);
  if (!row) throw imageNotFound();
  if (!galleryPolicy.update(user, row)) throw forbidden();
  if (input.styleIds) await requireStyles(ctx.db, input.styleIds);
  await repo.updateImage(ctx.db, id, { caption: input.caption, styleIds: input.styleIds, now: new Date().toISOString() });
  const updated = await repo.findImage(ctx.db, id);
  if (!updated) throw imageNotFound();
  return presentOne(ctx.db, updated, lang);
}

export async function deleteImage(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  const row = await repo.findImage(ctx.db, id);
  if (!row) throw imageNotFound();
  if (!galleryPolicy.delete(user, row)) throw forbidden();
  await repo.deleteImage(ctx.db, id);
  await ctx.deleteFiles([row.image_url, row.medium_url, row.thumbnail_url]);
}

/**
 * Puts the owner's images in the given order. Images left out (say, one uploaded in another
 * tab meanwhile) keep their relative order after the listed ones.
 */
export async function reorderImages(ctx: AppContext, user: SessionUser, ids: number[], lang: Language): Promise<GalleryImage[]> {
  const own = await repo.findUserImages(ctx.db, user.id);
  const ownIds = new Set(own.map((r) => r.id));
  if (!ids.every((id) => ownIds.has(id))) throw new AppError(400, 'galleryOrderInvalid', {}, { field: 'ids' });
  const listed = new Set(ids);
  const ordered = [...ids, ...own.filter((r) => !listed.has(r.id)).map((r) => r.id)];
  await repo.setPositions(ctx.db, user.id, ordered, new Date().toISOString());
  return listUserImages(ctx.db, user.id, lang);
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

/** The public gallery: every portfolio image, newest first, paged by (createdAt, id). */
export async function listPublic(
  db: Db,
  query: GalleryListQuery,
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
      filter.cityName = query.city;
    }
  }
  const rows = await repo.findPublicImages(db, filter);
  const page = rows.slice(0, query.limit);
  const styles = await stylesByImage(db, page.map((r) => r.id), lang);
  const last = page[page.length - 1];
  return {
    images: page.map((row) => presentListItem(row, styles.get(row.id) ?? [])),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** For account deletion: the user's gallery files (the rows go with the user by cascade). */
export async function collectGalleryFiles(ctx: AppContext, userId: number): Promise<string[]> {
  return repo.findImageUrlsOfUser(ctx.db, userId);
}
