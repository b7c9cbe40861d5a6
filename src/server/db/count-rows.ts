import type { Db } from './index';
import type { Database } from './schema';

type Table = keyof Database;
type ColumnOf<T extends Table> = keyof Database[T] & string;
type AnyColumn = { [T in Table]: ColumnOf<T> }[Table];

/** How many rows of `table` have `column` = `value` (the pictures of an owner, the visits of a profile). */
export async function countRows<T extends Table>(db: Db, table: T, column: ColumnOf<T>, value: number): Promise<number> {
  // Kysely cannot follow a generic table into its columns; the signature above ties them, the query takes any pair.
  const from: Table = table;
  const by = column as AnyColumn;
  const row = await db
    .selectFrom(from)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(by, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
