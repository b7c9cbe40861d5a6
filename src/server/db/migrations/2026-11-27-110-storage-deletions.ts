import type { Kysely } from 'kysely';

/*
 * `storage_deletions`: objects of the bucket whose image is gone, one row per key, with when it
 * went (ISO 8601 text, like every timestamp). Reads refuse a marked key at once; the collector
 * deletes the object a day later, so a backup taken meanwhile never names a missing object.
 * The index on `marked_at` is the collector's scan of what is due; the one on a portfolio image's
 * large URL lets `/uploads/<key>` find a hidden image before serving its file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storage_deletions')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storage_deletions_marked_at').on('storage_deletions').column('marked_at').execute();
  await db.schema.createIndex('gallery_images_image_url').on('gallery_images').column('image_url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('gallery_images_image_url').execute();
  await db.schema.dropTable('storage_deletions').execute();
}
