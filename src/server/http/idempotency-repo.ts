import type { Db } from '../db/index';
import type { IdempotencyKeysTable } from '../db/schema';

type KeyRow = Omit<IdempotencyKeysTable, 'id'> & { id: number };

/** Inserts a running key; false when the user already holds it (the unique index decides). */
export async function insertRunning(db: Db, userId: number, key: string, scope: string, fingerprint: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, scope, fingerprint, status: 'running', response_status: null, response_body: null, stored_ref: null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

export function findKey(db: Db, userId: number, key: string): Promise<KeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/** Takes over an expired or abandoned key: compare-and-set on `updated_at`, so one retry wins. */
export async function takeOver(db: Db, row: KeyRow, values: { scope: string; fingerprint: string; at: string; renew: boolean }): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ scope: values.scope, fingerprint: values.fingerprint, status: 'running', response_status: null, response_body: null, stored_ref: null, updated_at: values.at, ...(values.renew ? { created_at: values.at } : {}) })
    .where('id', '=', row.id)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Notes the picture a running upload stored, before the row naming it is written. */
export async function noteStored(db: Db, userId: number, key: string, imageUrl: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ stored_ref: imageUrl }).where('user_id', '=', userId).where('key', '=', key).where('status', '=', 'running').execute();
}

export async function forgetRunning(db: Db, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status', '=', 'running').execute();
}

export async function complete(db: Db, userId: number, key: string, answer: { status: number; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: answer.status, response_body: answer.body, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

export async function deleteCreatedBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
