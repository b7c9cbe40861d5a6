import type { Kysely } from 'kysely';

/**
 * The public lists start with the featured owners' listings, read by owner before the rest.
 * Guest spots had only (studio_id, created_at) for the owner's own list, so that read fetched
 * every row of each featured studio to check its state and dates: ~43 ms at 100,000 spots with a
 * tenth of the studios featured, ~3 ms from this index (bench/explain-listings.ts). The
 * availabilities' owner index lacked the id the list orders by last, so PostgreSQL chose a scan
 * of the whole table once many artists were featured; the new one ends in id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('guest_spots_owner_public_idx').on('guest_spots').columns(['studio_id', 'is_active', 'end_date', 'start_date', 'id']).execute();
  await db.schema.createIndex('availabilities_owner_public_idx').on('availabilities').columns(['artist_id', 'is_active', 'end_date', 'start_date', 'id']).execute();
  // The new index starts with the same columns, so the old one only costs writes.
  await db.schema.dropIndex('availabilities_artist_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('availabilities_artist_idx').on('availabilities').columns(['artist_id', 'is_active', 'end_date', 'start_date']).execute();
  await db.schema.dropIndex('availabilities_owner_public_idx').execute();
  await db.schema.dropIndex('guest_spots_owner_public_idx').execute();
}
