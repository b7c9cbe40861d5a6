import type { CreateTableBuilder, Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo, timestamps } from './columns';
import { createLinkTable, STYLE } from './pair-tables';

/**
 * Guest spots (posted by studios) and availabilities (posted by artists). Dates are
 * 'yyyy-mm-dd' text on both engines, so comparing them as strings compares the days.
 * `search_text` holds title, description and place folded to lowercase without accents, so
 * the text filter matches "munchen" to "München" alike on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createListingTable(db, 'guest_spots', (t) =>
    t
      .addColumn('studio_id', 'integer', belongsTo('users.id'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('country_id', 'integer', refersTo('countries.id'))
      .addColumn('city_id', 'integer', refersTo('cities.id'))
      .addColumn('city_name', 'text')
      .addColumn('compensation', 'text')
      .addColumn('compensation_details', 'text')
      .addColumn('places', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('requirements', 'text'),
  );
  await db.schema.createIndex('guest_spots_studio_idx').on('guest_spots').columns(['studio_id', 'created_at']).execute();

  await createLinkTable(db, 'guest_spot_styles', ['guest_spot_id', 'guest_spots.id'], STYLE);

  await createListingTable(db, 'availabilities', (t) =>
    t
      .addColumn('artist_id', 'integer', belongsTo('users.id'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('preferred_location', 'text')
      .addColumn('country_id', 'integer', refersTo('countries.id'))
      .addColumn('city_id', 'integer', refersTo('cities.id'))
      .addColumn('description', 'text'),
  );
  // Per artist: the owner list, and the artist listing's "available now" check, answered from
  // the index alone (without it the planner scans everyone's entries through the public index).
  await db.schema.createIndex('availabilities_artist_idx').on('availabilities').columns(['artist_id', 'is_active', 'end_date', 'start_date']).execute();

  await createLinkTable(db, 'availability_styles', ['availability_id', 'availabilities.id'], STYLE);
}

/**
 * A listing table: its own `columns` after the id, then what the public lists read of either
 * kind (whether it is shown, the folded search text) and the timestamps. Two indexes serve those
 * lists: the public list (active, not yet ended, soonest start first; start_date in the index
 * lets the sort read the index alone) and the place filter.
 */
async function createListingTable(
  db: Kysely<any>,
  table: string,
  columns: (t: CreateTableBuilder<string, 'id'>) => CreateTableBuilder<string, string>,
): Promise<void> {
  await idColumn(db, db.schema.createTable(table))
    .$call(columns)
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex(`${table}_public_idx`).on(table).columns(['is_active', 'end_date', 'start_date']).execute();
  await db.schema.createIndex(`${table}_place_idx`).on(table).columns(['country_id', 'city_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['availability_styles', 'availabilities', 'guest_spot_styles', 'guest_spots']) {
    await db.schema.dropTable(table).execute();
  }
}
