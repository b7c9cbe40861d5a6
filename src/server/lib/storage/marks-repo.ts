import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { UPLOADS_PREFIX } from './keys';

/** Marks objects as gone; a key marked before keeps its first time. */
export async function markDeleted(db: Db, keys: string[], now: string): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto('storage_deletions')
    .values(keys.map((object_key) => ({ object_key, marked_at: now })))
    .onConflict((oc) => oc.column('object_key').doNothing())
    .execute();
}

export async function isMarked(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('storage_deletions').select('object_key').where('object_key', '=', key).executeTakeFirst();
  return !!row;
}

/** Marked keys whose day has passed, oldest first. */
export async function dueMarks(db: Db, markedBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('storage_deletions')
    .select('object_key')
    .where('marked_at', '<', markedBefore)
    .orderBy('marked_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.object_key);
}

export async function clearMarks(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('storage_deletions').where('object_key', 'in', keys).execute();
}

/**
 * Which of these `/uploads/...` URLs a row still names: every picture table's three variants and
 * the users' avatar and header (whose other variants share the large one's base name).
 */
export async function namedUrls(db: Db, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const named = new Set<string>();
  for (const table of ['gallery_images', 'guest_spot_photos', 'instagram_media', 'forum_post_images'] as const) {
    for (const column of ['image_url', 'medium_url', 'thumbnail_url'] as const) {
      const rows = await db.selectFrom(table).select(sql<string>`${sql.ref(column)}`.as('url')).where(column, 'in', urls).execute();
      for (const row of rows) named.add(row.url);
    }
  }
  for (const column of ['avatar', 'header_image'] as const) {
    const rows = await db.selectFrom('users').select(sql<string>`${sql.ref(column)}`.as('url')).where(column, 'in', urls).execute();
    for (const row of rows) named.add(row.url);
  }
  // Studios' verification documents: private, so their rows keep the key, not a URL.
  const keys = urls.filter((url) => url.startsWith(UPLOADS_PREFIX)).map((url) => url.slice(UPLOADS_PREFIX.length));
  if (keys.length) {
    const rows = await db.selectFrom('studio_verifications').select('document_key').where('document_key', 'in', keys).execute();
    for (const row of rows) named.add(UPLOADS_PREFIX + row.document_key);
  }
  return named;
}
