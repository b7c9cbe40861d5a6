import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../../db/index';
import type { Database, TestProviderOrdersTable } from '../../../db/schema';

/** The test provider's own books (`test_provider_orders`), apart from our orders. */
export type TestProviderRow = Selectable<TestProviderOrdersTable>;

export function findTestOrder(db: Kysely<Database>, id: string): Promise<TestProviderRow | undefined> {
  return db.selectFrom('test_provider_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Writes a new order unless one with its request id exists; answers the id of the one that does. */
export async function insertTestOrder(db: Db, row: Insertable<TestProviderOrdersTable>): Promise<string> {
  await db
    .insertInto('test_provider_orders')
    .values(row)
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute();
  const found = await db.selectFrom('test_provider_orders').select('id').where('request_id', '=', row.request_id).executeTakeFirstOrThrow();
  return found.id;
}

/** The order, locked until the transaction ends when `lock` (PostgreSQL; SQLite has one writer). */
export async function lockTestOrder(trx: Kysely<Database>, id: string, lock: boolean): Promise<TestProviderRow | undefined> {
  let query = trx.selectFrom('test_provider_orders').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markCaptured(
  trx: Kysely<Database>,
  id: string,
  captured: Pick<TestProviderRow, 'status' | 'capture_id' | 'capture_request_id' | 'updated_at'>,
): Promise<void> {
  await trx.updateTable('test_provider_orders').set(captured).where('id', '=', id).where('status', '=', 'APPROVED').execute();
}

/** Moves a CREATED order to the buyer's decision; false once decided. */
export async function decideTestOrder(db: Db, id: string, status: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('test_provider_orders')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'CREATED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
