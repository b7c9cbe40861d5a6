import type { Db } from '../../db/index';

/** The account's role as stored now, or null when the account no longer exists. */
export async function findRole(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}
