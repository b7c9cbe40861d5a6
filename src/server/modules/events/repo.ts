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
