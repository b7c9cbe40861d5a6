import type { Db } from '../../db/index';
import { countRows } from '../../db/count-rows';

/** Records a visit unless this visitor was counted for the profile today (the unique key decides). */
export async function insertVisit(db: Db, profileId: number, visitorKey: string, day: string, now: string): Promise<void> {
  await db
    .insertInto('profile_visits')
    .values({ profile_id: profileId, visitor_key: visitorKey, day, created_at: now })
    .onConflict((oc) => oc.columns(['profile_id', 'visitor_key', 'day']).doNothing())
    .execute();
}

export function countVisits(db: Db, profileId: number): Promise<number> {
  return countRows(db, 'profile_visits', 'profile_id', profileId);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
