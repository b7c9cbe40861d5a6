import type { Kysely } from 'kysely';
import { belongsTo, idColumn, imageVariants } from './columns';

/**
 * Photos of a guest spot's workplace: at most six per spot (the service counts them inside the
 * spot's row lock), kept in the owner's order. Every variant URL is stored, as for portfolio
 * images, so a card or a detail page needs no file lookups.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('guest_spot_photos'))
    .addColumn('guest_spot_id', 'integer', belongsTo('guest_spots.id'))
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .$call(imageVariants)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_spot_photos_spot_idx').on('guest_spot_photos').columns(['guest_spot_id', 'position', 'id']).execute();
}
