import type { CreateTableBuilder, Kysely } from 'kysely';
import { belongsTo } from './columns';

/*
 * Tables with a row per pair of rows. Migrations that have run on deployed databases use these
 * and must keep producing the same DDL, so neither function may change.
 */

/** A column of a pair table and the id it references, e.g. ['style_id', 'styles.id']. */
export type PairEnd = readonly [column: string, target: string];

type ExtraColumns = (table: CreateTableBuilder<string, string>) => CreateTableBuilder<string, string>;

/** The style side of the tables that link users, images and listings to their styles. */
export const STYLE: PairEnd = ['style_id', 'styles.id'];

/**
 * A table keyed by a pair of required references (primary key `<table>_pk`), whose row goes
 * with either of them; `columns` adds the columns after the pair.
 */
export async function createPairTable(
  db: Kysely<any>,
  table: string,
  [first, firstTarget]: PairEnd,
  [second, secondTarget]: PairEnd,
  columns: ExtraColumns = (t) => t,
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(first, 'integer', belongsTo(firstTarget))
    .addColumn(second, 'integer', belongsTo(secondTarget))
    .$call(columns)
    .addPrimaryKeyConstraint(`${table}_pk`, [first, second])
    .execute();
}

/**
 * A pair table that links two rows: the primary key finds the links from the first side, and
 * `<table>_<second>_idx` on (second, first) from the other, <second> being the second column
 * without `_id` (user_styles_style_idx finds the users of a style).
 */
export async function createLinkTable(
  db: Kysely<any>,
  table: string,
  first: PairEnd,
  second: PairEnd,
  columns?: ExtraColumns,
): Promise<void> {
  await createPairTable(db, table, first, second, columns);
  await db.schema.createIndex(`${table}_${second[0].replace(/_id$/, '')}_idx`).on(table).columns([second[0], first[0]]).execute();
}
