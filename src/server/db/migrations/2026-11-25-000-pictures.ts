import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Photos of a guest spot's workplace: at most six per spot (the service counts them inside the
 * spot's row lock), kept in the owner's order. Every variant URL is stored, as for portfolio
 * images, so a card or a detail page needs no file lookups.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('guest_spot_photos'))
    .addColumn('guest_spot_id', 'integer', (c) => c.notNull().references('guest_spots.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('medium_url', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_spot_photos_spot_idx').on('guest_spot_photos').columns(['guest_spot_id', 'position', 'id']).execute();
}
