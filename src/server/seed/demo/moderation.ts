import type { Db } from '../../db/index';
import { noInvalidation } from '../../lib/answer-cache/index';
import { createOutbox } from '../../lib/outbox/index';
import { MemoryRateLimitStore } from '../../lib/rate-limit/index';
import { createSafetyService } from '../../modules/safety/index';
import { loadDemoAccounts } from './demo-accounts';

/** A report the demo's members file, so the admin area's queue has targets of each kind. */
interface DemoReport {
  /** The reporter, by the local part of their demo address. */
  by: string;
  /** The reported account (or the owner of the reported picture or guest spot). */
  about: string;
  target: 'user' | 'image' | 'guest_spot';
  reason: 'spam' | 'fake' | 'stolen_work' | 'harassment' | 'inappropriate' | 'other';
  details?: string;
}

/** Open reports waiting in the queue: a picture reported twice, an account, a guest spot. */
export const DEMO_REPORTS: readonly DemoReport[] = [
  { by: 'lena', about: 'kolja.petrov', target: 'image', reason: 'stolen_work', details: 'Das ist mein Koi-Sleeve von 2023, ich habe die Fotos noch.' },
  { by: 'mia.schneider', about: 'kolja.petrov', target: 'image', reason: 'stolen_work' },
  { by: 'studio', about: 'theo', target: 'user', reason: 'spam', details: 'Sends the same promo text to every studio.' },
  { by: 'jonas.weber', about: 'anker', target: 'guest_spot', reason: 'fake', details: 'The address on this spot is a closed shop.' },
];

/**
 * The admin area's moderation queues in the demo: open reports filed through the reports service
 * as the members would, and promotion requests on Lena's planned posts waiting for the team.
 * Runs once: with any report by a demo account it does nothing.
 */
export async function seedDemoModeration(db: Db, emailDomain: string): Promise<void> {
  const { ids, byEmail } = await loadDemoAccounts(db, emailDomain);
  if (ids.length === 0) return;
  if (await db.selectFrom('reports').select('id').where('reporter_id', 'in', ids).limit(1).executeTakeFirst()) return;

  // Reports only: no block is made, so the outbox is never written to.
  const outbox = createOutbox({ db, invalidation: noInvalidation, log: console });
  const safety = createSafetyService({ db, rateLimits: new MemoryRateLimitStore(), outbox });
  for (const report of DEMO_REPORTS) {
    const reporter = byEmail.get(report.by);
    const about = byEmail.get(report.about);
    if (!reporter || !about) continue;
    const targetId = await targetOf(db, report.target, about.id);
    if (targetId === undefined) continue;
    await safety.report(reporter, { targetType: report.target, targetId, reason: report.reason, ...(report.details ? { details: report.details } : {}) });
  }

  // Lena's planned posts ask the team to post them: a feed post and a story, by planned time.
  const lena = byEmail.get('lena');
  if (!lena) return;
  const planned = await db
    .selectFrom('instagram_posts')
    .select(['id', 'type', 'created_at'])
    .where('user_id', '=', lena.id)
    .where('status', '=', 'planned')
    .orderBy('planned_at')
    .execute();
  for (const post of planned) {
    const taken = await db.selectFrom('post_promotions').select('id').where('post_id', '=', post.id).executeTakeFirst();
    if (taken) continue;
    await db
      .insertInto('post_promotions')
      .values({ post_id: post.id, user_id: lena.id, product_type: post.type === 'story' ? 'instagram_story' : post.type === 'reel' ? 'instagram_reel' : 'instagram_feed_post', status: 'requested', order_id: null, created_at: post.created_at, decided_at: null })
      .execute();
  }
}

/** The first shown picture, guest spot or the account itself of a demo member. */
async function targetOf(db: Db, target: DemoReport['target'], userId: number): Promise<number | undefined> {
  if (target === 'user') return userId;
  if (target === 'image') {
    return (await db.selectFrom('gallery_images').select('id').where('user_id', '=', userId).where('hidden_at', 'is', null).orderBy('position').limit(1).executeTakeFirst())?.id;
  }
  return (await db.selectFrom('guest_spots').select('id').where('studio_id', '=', userId).where('is_active', '=', 1).orderBy('id').limit(1).executeTakeFirst())?.id;
}
