import type { Kysely } from 'kysely';

/**
 * The structured terms of a guest spot and the wishes of an availability (issue 28), each kept
 * as JSON text. The guest spot list filters by a few facts of the terms, which are written beside
 * them on every write so the filters read columns an index holds: the deal's type, a commission's
 * guest share, a chair rent as cents a day and whether the studio offers housing.
 * `(deal_type, is_active, start_date, id, end_date, studio_id, ...)` walks the list's order for a
 * deal filter and checks the share and rent from the index entry; `(offers_housing, ...)` does
 * the same for the housing filter, so a rare filter never walks every spot.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds no more at once.
  await db.schema.alterTable('guest_spots').addColumn('terms', 'text').execute();
  await db.schema.alterTable('guest_spots').addColumn('deal_type', 'text').execute();
  await db.schema.alterTable('guest_spots').addColumn('guest_share_percent', 'integer').execute();
  await db.schema.alterTable('guest_spots').addColumn('rent_day_cents', 'integer').execute();
  await db.schema.alterTable('guest_spots').addColumn('offers_housing', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('availabilities').addColumn('wishes', 'text').execute();
  await db.schema
    .createIndex('guest_spots_deal_start_idx')
    .on('guest_spots')
    .columns(['deal_type', 'is_active', 'start_date', 'id', 'end_date', 'studio_id', 'guest_share_percent', 'rent_day_cents', 'offers_housing'])
    .execute();
  await db.schema
    .createIndex('guest_spots_housing_start_idx')
    .on('guest_spots')
    .columns(['offers_housing', 'is_active', 'start_date', 'id', 'end_date', 'studio_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('guest_spots_housing_start_idx').execute();
  await db.schema.dropIndex('guest_spots_deal_start_idx').execute();
  await db.schema.alterTable('availabilities').dropColumn('wishes').execute();
  for (const column of ['offers_housing', 'rent_day_cents', 'guest_share_percent', 'deal_type', 'terms']) {
    await db.schema.alterTable('guest_spots').dropColumn(column).execute();
  }
}
