import type { PostMedia } from '../../../common/schemas/instagram';
import type { AppContext } from '../../context';
import { processImage, recordStoredImage, storeImage, variantRecord } from '../../lib/images/index';
import * as repo from './repo';

export type MediaDeps = Pick<AppContext, 'db' | 'storage' | 'deleteFiles'>;

/**
 * Stores a post's picture the way the gallery stores its images: the bytes are checked and
 * re-encoded to WebP variants without metadata by the shared pipeline (the gallery's types
 * and 10 MB), written under `instagram/<user>`, then recorded; when recording fails the
 * files are deleted again, so no file is left without a row.
 */
export async function uploadMedia(deps: MediaDeps, userId: number, buffer: Buffer): Promise<PostMedia> {
  const processed = await processImage(buffer, 'gallery');
  const stored = await storeImage(deps.storage, processed, `instagram/${userId}`);
  const picture = variantRecord(processed, stored);
  const id = await recordStoredImage(stored, deps.deleteFiles, () => repo.insertMedia(deps.db, { userId, ...picture, now: new Date().toISOString() }));
  const { imageUrl: url, ...rest } = picture;
  return { id, url, ...rest };
}

/** The picture an upload stored under `imageUrl`, when its row was written (a retry after a crash). */
export async function uploadedMedia(deps: MediaDeps, userId: number, imageUrl: string): Promise<PostMedia | null> {
  const row = await repo.findUserMediaByUrl(deps.db, userId, imageUrl);
  return row ? { id: row.id, url: row.image_url, mediumUrl: row.medium_url, thumbnailUrl: row.thumbnail_url, width: row.width, height: row.height } : null;
}

/** Deletes a picture no post shows any more, row and files (a post moved to another picture, or went). */
export async function releaseMedia(deps: MediaDeps, mediaId: number | null): Promise<void> {
  if (mediaId === null) return;
  const urls = await repo.deleteUnusedMedia(deps.db, mediaId);
  if (urls.length) await deps.deleteFiles(urls);
}
