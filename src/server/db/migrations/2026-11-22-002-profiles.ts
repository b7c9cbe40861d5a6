import { sql, type Kysely } from 'kysely';
import { belongsTo, idColumn, imageVariants, timestamps } from './columns';
import { createLinkTable, STYLE } from './pair-tables';

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('gallery_images'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .$call(imageVariants)
    // length() counts characters on both engines, as the 250-character rule does.
    .addColumn('caption', 'text', (c) => c.check(sql`length(caption) <= 250`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('gallery_images_user_idx').on('gallery_images').columns(['user_id', 'position']).execute();
  // The public gallery pages newest first by (created_at, id).
  await db.schema.createIndex('gallery_images_created_idx').on('gallery_images').columns(['created_at', 'id']).execute();

  await createLinkTable(db, 'gallery_image_styles', ['image_id', 'gallery_images.id'], STYLE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gallery_image_styles').execute();
  await db.schema.dropTable('gallery_images').execute();
}
