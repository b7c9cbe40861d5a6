import type { Db } from '../../db/index';

/** Records that a user was around at `at`; never moves the mark back (another process may be ahead). */
export async function markActive(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_active_at: at })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', at)]))
    .execute();
}

/** Records that a user was around on a Berlin day; the first write of the day wins, repeats change nothing. */
export async function recordActiveDay(db: Db, userId: number, day: string, weekStart: string): Promise<void> {
  await db
    .insertInto('user_activity')
    .values({ user_id: userId, day, week_start: weekStart })
    .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
    .execute();
}
