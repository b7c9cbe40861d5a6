import type { Db } from '../../db/index';

/** Records a visit unless this visitor was counted for the profile today (the unique key decides). */
export async function insertVisit(db: Db, profileId: number, visitorKey: string, day: string, now: string): Promise<void> {
  await db
    .insertInto('profile_visits')
    .values({ profile_id: profileId, visitor_key: visitorKey, day, created_at: now })
    .onConflict((oc) => oc.columns(['profile_id', 'visitor_key', 'day']).doNothing())
    .execute();
}

export async function countVisits(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('profile_visits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
