import type { Db } from '../../db/index';
import { loadDemoAccounts } from './demo-accounts';

const DAY_MS = 86_400_000;

/**
 * Who follows whom among the demo accounts (local parts of their addresses): Lena follows
 * artists and studios whose portfolios, listings and stays fill her dashboard's Following feed,
 * and a few accounts follow Lena and the demo studio, so their followers lists and profile counts
 * show. Lena has the weekly mail on.
 */
const DEMO_FOLLOWS: readonly [follower: string, followed: readonly string[]][] = [
  ['lena', ['studio', 'jonas.weber', 'mia.schneider', 'anouk', 'kolja.petrov']],
  ['studio', ['lena', 'jonas.weber']],
  ['jonas.weber', ['lena']],
  ['mia.schneider', ['lena', 'studio']],
  ['carla', ['lena']],
  ['theo', ['studio']],
];

/** Writes the demo follows; the primary key makes a second run change nothing. */
export async function seedDemoFollows(db: Db, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const rows: { follower_id: number; followed_id: number; created_at: string }[] = [];
  let age = 0;
  for (const [follower, followed] of DEMO_FOLLOWS) {
    const from = byEmail.get(follower);
    for (const name of followed) {
      const to = byEmail.get(name);
      if (!from || !to) continue;
      rows.push({ follower_id: from.id, followed_id: to.id, created_at: new Date(Date.now() - (20 - (age++ % 18)) * DAY_MS).toISOString() });
    }
  }
  if (rows.length === 0) return;
  const made = await db.insertInto('follows').values(rows).onConflict((oc) => oc.columns(['follower_id', 'followed_id']).doNothing()).returning('follower_id').execute();
  // Only with her first follows: a later start leaves her own choice alone.
  const lena = byEmail.get('lena');
  if (lena && made.some((r) => r.follower_id === lena.id)) await db.updateTable('users').set({ email_weekly_follows: 1 }).where('id', '=', lena.id).execute();
}
