import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('gallery_images'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The large variant; the thumbnail and medium URLs are kept too, so an answer needs no file lookups.
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('medium_url', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // length() counts characters on both engines, as the 250-character rule does.
    .addColumn('caption', 'text', (c) => c.check(sql`length(caption) <= 250`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_images_user_idx').on('gallery_images').columns(['user_id', 'position']).execute();
  // The public gallery pages newest first by (created_at, id).
  await db.schema.createIndex('gallery_images_created_idx').on('gallery_images').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('gallery_image_styles')
    .addColumn('image_id', 'integer', (c) => c.notNull().references('gallery_images.id').onDelete('cascade'))
    .addColumn('style_id', 'integer', (c) => c.notNull().references('styles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('gallery_image_styles_pk', ['image_id', 'style_id'])
    .execute();
  await db.schema.createIndex('gallery_image_styles_style_idx').on('gallery_image_styles').columns(['style_id', 'image_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gallery_image_styles').execute();
  await db.schema.dropTable('gallery_images').execute();
}
