import type { Kysely } from 'kysely';
import { belongsTo } from './columns';

/**
 * A city's name in an interface language where it differs from place to place (München, Munich,
 * Múnich): one row per city and language, filled by the reference seed. A city without a row is
 * called by cities.name in every language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('city_names')
    .addColumn('city_id', 'integer', belongsTo('cities.id'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('city_names_pk', ['city_id', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('city_names').execute();
}
