import type { Kysely } from 'kysely';
import { idColumn } from './helpers';

/**
 * Guest spots (posted by studios) and availabilities (posted by artists). Dates are
 * 'yyyy-mm-dd' text on both engines, so comparing them as strings compares the days.
 * `search_text` holds title, description and place folded to lowercase without accents, so
 * the text filter matches "munchen" to "München" alike on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('guest_spots'))
    .addColumn('studio_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.references('countries.id').onDelete('set null'))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('set null'))
    .addColumn('city_name', 'text')
    .addColumn('compensation', 'text')
    .addColumn('compensation_details', 'text')
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('requirements', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The public list: active, not yet ended, soonest start first; start_date in the index lets
  // the sort read the index alone.
  await db.schema.createIndex('guest_spots_public_idx').on('guest_spots').columns(['is_active', 'end_date', 'start_date']).execute();
  await db.schema.createIndex('guest_spots_place_idx').on('guest_spots').columns(['country_id', 'city_id']).execute();
  await db.schema.createIndex('guest_spots_studio_idx').on('guest_spots').columns(['studio_id', 'created_at']).execute();

  await db.schema
    .createTable('guest_spot_styles')
    .addColumn('guest_spot_id', 'integer', (c) => c.notNull().references('guest_spots.id').onDelete('cascade'))
    .addColumn('style_id', 'integer', (c) => c.notNull().references('styles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('guest_spot_styles_pk', ['guest_spot_id', 'style_id'])
    .execute();
  await db.schema.createIndex('guest_spot_styles_style_idx').on('guest_spot_styles').columns(['style_id', 'guest_spot_id']).execute();

  await idColumn(db, db.schema.createTable('availabilities'))
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('preferred_location', 'text')
    .addColumn('country_id', 'integer', (c) => c.references('countries.id').onDelete('set null'))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id').onDelete('set null'))
    .addColumn('description', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('availabilities_public_idx').on('availabilities').columns(['is_active', 'end_date', 'start_date']).execute();
  await db.schema.createIndex('availabilities_place_idx').on('availabilities').columns(['country_id', 'city_id']).execute();
  // Per artist: the owner list, and the artist listing's "available now" check, answered from
  // the index alone (without it the planner scans everyone's entries through the public index).
  await db.schema.createIndex('availabilities_artist_idx').on('availabilities').columns(['artist_id', 'is_active', 'end_date', 'start_date']).execute();

  await db.schema
    .createTable('availability_styles')
    .addColumn('availability_id', 'integer', (c) => c.notNull().references('availabilities.id').onDelete('cascade'))
    .addColumn('style_id', 'integer', (c) => c.notNull().references('styles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('availability_styles_pk', ['availability_id', 'style_id'])
    .execute();
  await db.schema.createIndex('availability_styles_style_idx').on('availability_styles').columns(['style_id', 'availability_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['availability_styles', 'availabilities', 'guest_spot_styles', 'guest_spots']) {
    await db.schema.dropTable(table).execute();
  }
}
