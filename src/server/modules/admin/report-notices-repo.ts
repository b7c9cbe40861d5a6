import type { Db } from '../../db/index';
import { notSuspended } from '../../db/suspension';

/** The username of an account whose profile is public now (not suspended), for the reporter's notice to link to. */
export async function findVisibleProfile(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .where(notSuspended('users.id'))
    .executeTakeFirst();
  return row?.username;
}
