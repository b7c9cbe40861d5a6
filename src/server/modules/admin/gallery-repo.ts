import type { Language } from '../../../common/languages';
import type { ImageReviewState } from '../../../common/schemas/admin-moderation';
import { isPostgresDb, type Db } from '../../db/index';

/** A place in the moderation grid: the last image's upload time and id. */
export interface QueueCursor {
  createdAt: string;
  id: number;
}

const QUEUE_COLUMNS = [
  'gallery_images.id', 'gallery_images.user_id', 'gallery_images.image_url', 'gallery_images.medium_url',
  'gallery_images.thumbnail_url', 'gallery_images.width', 'gallery_images.height', 'gallery_images.caption',
  'gallery_images.created_at', 'gallery_images.review_status', 'gallery_images.hidden_at', 'gallery_images.hidden_reason',
  'users.name as owner_name', 'users.username as owner_username',
] as const;

/**
 * One page of the moderation grid. New images come oldest first (the queue is worked from its
 * start, so nothing waits forever); reviewed and hidden ones newest first. Each image carries
 * its count of open reports.
 */
export function listQueue(db: Db, status: ImageReviewState, after: QueueCursor | undefined, limit: number) {
  let query = db
    .selectFrom('gallery_images')
    .innerJoin('users', 'users.id', 'gallery_images.user_id')
    .select(QUEUE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('reports')
        .select((r) => r.fn.countAll<number>().as('n'))
        .where('reports.target_type', '=', 'image')
        .whereRef('reports.target_id', '=', 'gallery_images.id')
        .where('reports.status', '=', 'open')
        .as('report_count'),
    );
  if (status === 'hidden') query = query.where('gallery_images.hidden_at', 'is not', null);
  else query = query.where('gallery_images.hidden_at', 'is', null).where('gallery_images.review_status', '=', status);
  const ascending = status === 'new';
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('gallery_images.created_at', 'gallery_images.id'), ascending ? '>' : '<', eb.tuple(after.createdAt, after.id)));
  }
  const direction = ascending ? 'asc' : 'desc';
  return query.orderBy('gallery_images.created_at', direction).orderBy('gallery_images.id', direction).limit(limit).execute();
}

export type QueueRow = Awaited<ReturnType<typeof listQueue>>[number];

/** The styles of the page's images, named in one language. */
export function findStyles(db: Db, imageIds: number[], lang: Language) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gallery_image_styles')
    .innerJoin('styles', 'styles.id', 'gallery_image_styles.style_id')
    .select((eb) => ['gallery_image_styles.image_id', 'styles.id', eb.ref(`styles.name_${lang}`).as('name')])
    .where('gallery_image_styles.image_id', 'in', imageIds)
    .orderBy('styles.id')
    .execute();
}

/** Images not yet looked at and not hidden: the dashboard's "images to review". */
export async function countImagesToReview(db: Db): Promise<number> {
  const row = await db
    .selectFrom('gallery_images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('review_status', '=', 'new')
    .where('hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of `ids` exist. */
export async function countExisting(db: Db, ids: number[]): Promise<number> {
  const row = await db.selectFrom('gallery_images').select((eb) => eb.fn.countAll<number>().as('count')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the new ones of `ids` reviewed; answers the ids it changed and their owners. */
export function markReviewed(db: Db, ids: number[], now: string) {
  return db
    .updateTable('gallery_images')
    .set({ review_status: 'reviewed', reviewed_at: now })
    .where('id', 'in', ids)
    .where('review_status', '=', 'new')
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * An image with what its owner's mail needs, locked until the transaction ends on PostgreSQL
 * (SQLite runs one writer at a time), so two admins acting at once are served one after the other.
 */
export function lockImage(db: Db, id: number) {
  const query = db
    .selectFrom('gallery_images')
    .innerJoin('users', 'users.id', 'gallery_images.user_id')
    .select([
      'gallery_images.id', 'gallery_images.user_id', 'gallery_images.image_url', 'gallery_images.medium_url',
      'gallery_images.thumbnail_url', 'gallery_images.caption', 'gallery_images.review_status',
      'gallery_images.hidden_at', 'gallery_images.hidden_reason',
      'users.name as owner_name', 'users.email as owner_email', 'users.language as owner_language',
    ])
    .where('gallery_images.id', '=', id);
  return (isPostgresDb(db) ? query.forUpdate('gallery_images') : query).executeTakeFirst();
}

export type LockedImage = NonNullable<Awaited<ReturnType<typeof lockImage>>>;

export async function setHidden(db: Db, id: number, hidden: { at: string; reason: string } | null, now: string): Promise<void> {
  await db
    .updateTable('gallery_images')
    .set(
      hidden
        ? // Hiding is a decision about the image: it leaves the queue of new ones too.
          { hidden_at: hidden.at, hidden_reason: hidden.reason, review_status: 'reviewed', reviewed_at: now, updated_at: now }
        : { hidden_at: null, hidden_reason: null, updated_at: now },
    )
    .where('id', '=', id)
    .execute();
}

/** Deletes the image row; its style links go with it (foreign key cascade). */
export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('gallery_images').where('id', '=', id).execute();
}
