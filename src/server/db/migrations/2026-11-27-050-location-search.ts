import { sql, type Kysely } from 'kysely';
import { belongsTo } from './columns';
import { isPostgres } from './helpers';

/**
 * Location search and geo lookup on the whole cities table (an admin's GeoNames import makes it
 * large):
 * - `city_search_names`: every name a city has (its own and each localized one), folded to
 *   lowercase without accents, one row per city and spelling. A prefix is a range on its
 *   primary key ("munc" is `>= 'munc' and < 'mund'`), which needs code-point order: SQLite's
 *   BINARY collation has it, PostgreSQL gets `collate "C"` on the column whatever the
 *   database's collation is. The reference seed fills it (on the first start after this
 *   migration too) and refreshes the cities it or an admin's import writes.
 * - `cities_position_idx`: the bounding box of the nearest-city lookup is a range on latitude
 *   with the longitude checked in the same index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('city_search_names')
    .addColumn('name_key', isPostgres(db) ? sql`text collate "C"` : 'text', (c) => c.notNull())
    .addColumn('city_id', 'integer', belongsTo('cities.id'))
    .addPrimaryKeyConstraint('city_search_names_pk', ['name_key', 'city_id'])
    .execute();
  await db.schema.createIndex('city_search_names_city_idx').on('city_search_names').column('city_id').execute();
  await db.schema.createIndex('cities_position_idx').on('cities').columns(['latitude', 'longitude']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cities_position_idx').execute();
  await db.schema.dropTable('city_search_names').execute();
}
