import type { ColumnBuilderCallback, CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from './helpers';

/*
 * Columns that several tables define alike. The migrations that use them have run on deployed
 * databases and must keep producing the same DDL, so none of these may change: a table that
 * wants something else gets its own columns or a new helper.
 */

/** An auto-increment integer primary key named id on either engine. */
export function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A required reference to a row the new row is part of: deleting that row deletes this one. */
export function belongsTo(target: string): ColumnBuilderCallback {
  return (c) => c.notNull().references(target).onDelete('cascade');
}

/** An optional reference that is emptied when the row it names is deleted. */
export function refersTo(target: string): ColumnBuilderCallback {
  return (c) => c.references(target).onDelete('set null');
}

/** When the row was made and last changed (ISO 8601 text on both engines). */
export function timestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

/** The interface languages when the reference tables were made: one name column each. */
const NAME_LANGUAGES = ['en', 'de', 'es', 'fr', 'pt'] as const;

/** A name in each of those languages: name_en, name_de, name_es, name_fr, name_pt. */
export function localizedNames<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return NAME_LANGUAGES.reduce<CreateTableBuilder<T, C | `name_${(typeof NAME_LANGUAGES)[number]}`>>(
    (t, language) => t.addColumn(`name_${language}`, 'text', (c) => c.notNull()),
    table,
  );
}

/**
 * An uploaded picture: the large variant's URL with the medium and thumbnail URLs beside it, so
 * an answer needs no file lookups, and the large variant's size.
 */
export function imageVariants<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('medium_url', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull());
}

/**
 * A secret handed to a user, kept as its hash under `key` until it expires (a session, a
 * password reset link), and deleted with the user.
 */
export function userSecretColumns<T extends string, K extends string>(table: CreateTableBuilder<T, never>, key: K) {
  return table
    .addColumn(key, 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', belongsTo('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull());
}
