import { profilePathTo } from '../../../common/routes';
import type { Db } from '../../db/index';
import { writeNotification } from '../../modules/notifications/index';
import { loadDemoAccounts } from './demo-accounts';

const HOUR_MS = 3_600_000;

/**
 * The demo artist's bell: the outcomes of reports she filed, two unread and one read, so the
 * header shows a count and the panel both states. Runs once: nothing happens when she has any.
 */
export async function seedDemoNotifications(db: Db, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const lena = byEmail.get('lena');
  const studio = byEmail.get('studio');
  if (!lena) return;
  const had = await db.selectFrom('notifications').select('id').where('user_id', '=', lena.id).limit(1).executeTakeFirst();
  if (had) return;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS);
  await db.transaction().execute(async (trx) => {
    await writeNotification(
      trx,
      { userId: lena.id, kind: 'report_resolved', params: { action: 'dismiss', targetType: 'user' }, url: studio ? profilePathTo(studio.username) : '/dashboard' },
      { at: ago(74), readAt: ago(70) },
    );
    await writeNotification(trx, { userId: lena.id, kind: 'report_resolved', params: { action: 'hide', targetType: 'image' }, url: '/dashboard' }, { at: ago(26) });
    await writeNotification(trx, { userId: lena.id, kind: 'report_resolved', params: { action: 'remove', targetType: 'message' }, url: '/messages' }, { at: ago(2) });
  });
}
