import type { Kysely } from 'kysely';

/**
 * Indexes measured at 100,000 guest spots and availabilities (bench/explain-listings.ts and
 * EXPLAIN ANALYZE on PostgreSQL). Every list index ends in `id`: SQLite keeps the row id in each
 * index anyway, and PostgreSQL can only answer a page of ids from the index alone when it holds
 * them (without it, it read the whole table: ~50 ms a page instead of ~12 ms).
 * A country or city filter narrows by the place first, then reads the rest from the index:
 * a country filter takes ~1.5 ms this way and ~90 ms through the public index on SQLite.
 */
const LISTING_TABLES = ['guest_spots', 'availabilities'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LISTING_TABLES) {
    await db.schema.dropIndex(`${table}_place_idx`).execute();
    await db.schema.dropIndex(`${table}_public_idx`).execute();
    await db.schema.createIndex(`${table}_public_idx`).on(table).columns(['is_active', 'end_date', 'start_date', 'id']).execute();
    await db.schema.createIndex(`${table}_country_idx`).on(table).columns(['country_id', 'is_active', 'end_date', 'start_date', 'id']).execute();
    await db.schema.createIndex(`${table}_city_idx`).on(table).columns(['city_id', 'is_active', 'end_date', 'start_date', 'id']).execute();
  }
  // The artist listing (/tattooartists) filters and orders artists from this index alone,
  // without reading every artist's row (bio and all) for a page of 12.
  await db.schema
    .createIndex('users_artist_listing_idx')
    .on('users')
    .columns(['user_type', 'role', 'created_at', 'featured_until', 'country_id', 'city_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_artist_listing_idx').execute();
  for (const table of LISTING_TABLES) {
    await db.schema.dropIndex(`${table}_country_idx`).execute();
    await db.schema.dropIndex(`${table}_city_idx`).execute();
    await db.schema.dropIndex(`${table}_public_idx`).execute();
    await db.schema.createIndex(`${table}_public_idx`).on(table).columns(['is_active', 'end_date', 'start_date']).execute();
    await db.schema.createIndex(`${table}_place_idx`).on(table).columns(['country_id', 'city_id']).execute();
  }
}
