import type { Kysely } from 'kysely';
import { belongsTo, idColumn, refersTo, timestamps } from './columns';

/**
 * City imports by an admin (GeoNames extracts or a CSV). A city remembers its GeoNames id, so a
 * later extract updates it instead of adding it again. An import keeps its state, counts, first
 * errors and preview; its valid rows wait in city_import_rows between the preview and the commit,
 * where every server process of a deployment can read them, and are deleted when it ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cities').addColumn('geoname_id', 'integer').execute();
  await db.schema.createIndex('cities_geoname_idx').on('cities').column('geoname_id').unique().execute();

  await idColumn(db, db.schema.createTable('city_imports'))
    .addColumn('admin_id', 'integer', refersTo('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('licence', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_cities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_cities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('linked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('options', 'text')
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('city_import_rows')
    .addColumn('import_id', 'integer', belongsTo('city_imports.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latitude', 'real', (c) => c.notNull())
    .addColumn('longitude', 'real', (c) => c.notNull())
    .addColumn('population', 'integer')
    .addColumn('geoname_id', 'integer')
    .addColumn('names', 'text')
    .addPrimaryKeyConstraint('city_import_rows_pk', ['import_id', 'line'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('city_import_rows').execute();
  await db.schema.dropTable('city_imports').execute();
  await db.schema.dropIndex('cities_geoname_idx').execute();
  await db.schema.alterTable('cities').dropColumn('geoname_id').execute();
}
