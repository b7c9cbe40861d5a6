import { profilePathTo } from '../../../common/routes';
import type { ResolveReportInput } from '../../../common/schemas/admin-moderation';
import type { Announce, NotificationService } from '../notifications/index';
import type { Trx } from './gallery-service';
import { findVisibleProfile } from './report-notices-repo';

/** What a resolution knows of each closed report. */
interface ClosedReport {
  reporter_id: number;
  target_user_id: number | null;
}

/**
 * Where a reporter's notice leads: the conversation a reported message was in; the profile
 * behind a profile, image or listing the resolution left up (it shows them, and the owner
 * stays public); else the reporter's dashboard. Never anything about who acted.
 */
async function linkFor(trx: Trx, input: ResolveReportInput, owner: number | null): Promise<string> {
  if (input.targetType === 'message' && owner !== null) return `/messages/${owner}`;
  const leftUp = input.action === 'dismiss' || input.action === 'warn_owner';
  if (leftUp && owner !== null && input.targetType !== 'review') {
    const username = await findVisibleProfile(trx, owner);
    if (username) return profilePathTo(username);
  }
  return '/dashboard';
}

/**
 * One `report_resolved` notification per distinct reporter, written in the resolution's
 * transaction `trx` (the acting admin, should they have reported it too, already knows). The
 * answer announces them once the transaction committed.
 */
export async function notifyReporters(
  trx: Trx,
  notify: NotificationService['notify'],
  closed: ClosedReport[],
  input: ResolveReportInput,
  adminId: number,
): Promise<Announce> {
  const owner = input.targetType === 'user' ? input.targetId : (closed.find((r) => r.target_user_id !== null)?.target_user_id ?? null);
  const url = await linkFor(trx, input, owner);
  const reporters = [...new Set(closed.map((r) => r.reporter_id))].filter((id) => id !== adminId);
  const announcements: Announce[] = [];
  for (const userId of reporters) {
    announcements.push(await notify(trx, { userId, kind: 'report_resolved', params: { action: input.action, targetType: input.targetType }, url }));
  }
  return async () => {
    for (const announce of announcements) await announce();
  };
}
