import type { SessionUser } from '../../../common/schemas/session';
import type { Db } from '../../db/index';
import { galleryPolicy } from './policy';
import { findImageByLargeUrl } from './upload-access-repo';

/**
 * Who may load a portfolio image's file from `/uploads/<key>`: anyone, unless moderation hid it;
 * then its owner and admins only (`private`), as its page shows it. Keys outside `gallery/` are
 * not portfolio images.
 */
export async function galleryUploadAccess(db: Db, key: string, viewer: SessionUser | null): Promise<'public' | 'private' | 'gone'> {
  if (!key.startsWith('gallery/')) return 'public';
  const largeUrl = `/uploads/${key.replace(/-(thumbnail|medium)\.webp$/, '-large.webp')}`;
  const row = await findImageByLargeUrl(db, largeUrl);
  if (!row?.hidden_at) return 'public';
  return galleryPolicy.seeHidden(viewer, row) ? 'private' : 'gone';
}
