import type { Db } from '../../db/index';

/** The forum mail digest's queries: who is due one, what it names, and the slot it claims. */

export interface DigestCandidate {
  id: number;
  email: string;
  name: string;
  language: string | null;
  forum_mail_at: string | null;
  email_on_forum_reply: number;
  email_on_forum_mention: number;
}

export interface DigestWindow {
  now: string;
  /** Notices newer than this wait (the bell may be read first), and so does a user active since. */
  idleBefore: string;
  /** At most one digest an hour: the last must be older than this. */
  mailedBefore: string;
}

/**
 * Users due a digest: a forum mail wanted, idle, not mailed within the hour, with an unread
 * forum notice of a kind they want by mail that is older than `idleBefore` and newer than their
 * last digest.
 */
export function findDigestCandidates(db: Db, at: DigestWindow, limit: number): Promise<DigestCandidate[]> {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.name', 'u.language', 'u.forum_mail_at', 'u.email_on_forum_reply', 'u.email_on_forum_mention'])
    .where((eb) => eb.or([eb('u.email_on_forum_reply', '=', 1), eb('u.email_on_forum_mention', '=', 1)]))
    .where((eb) => eb.or([eb('u.forum_mail_at', 'is', null), eb('u.forum_mail_at', '<', at.mailedBefore)]))
    .where((eb) => eb.or([eb('u.last_active_at', 'is', null), eb('u.last_active_at', '<', at.idleBefore)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications as n')
          .select('n.id')
          .whereRef('n.user_id', '=', 'u.id')
          .where('n.read_at', 'is', null)
          .where('n.created_at', '<=', at.idleBefore)
          .where((w) => w.or([w('u.forum_mail_at', 'is', null), w('n.created_at', '>', w.ref('u.forum_mail_at'))]))
          .where((w) =>
            w.or([
              w.and([w('n.kind', '=', 'forum_reply'), w('u.email_on_forum_reply', '=', 1)]),
              w.and([w('n.kind', '=', 'forum_mention'), w('u.email_on_forum_mention', '=', 1)]),
            ]),
          ),
      ),
    )
    .orderBy('u.id')
    .limit(limit)
    .execute();
}

/**
 * Claims the users' digest slot: sets forum_mail_at to `now` only where it is still free, so of
 * several processes only the one whose update takes the row sends.
 */
export async function claimDigestSlots(db: Db, userIds: number[], at: DigestWindow): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set({ forum_mail_at: at.now })
    .where('id', 'in', userIds)
    .where((eb) => eb.or([eb('forum_mail_at', 'is', null), eb('forum_mail_at', '<', at.mailedBefore)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface DigestNotice {
  user_id: number;
  kind: string;
  params: string;
  url: string;
  created_at: string;
}

/** The unread forum notices of these users up to `until`, newest first per user. */
export function findDigestNotices(db: Db, userIds: number[], until: string): Promise<DigestNotice[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'params', 'url', 'created_at'])
    .where('user_id', 'in', userIds)
    .where('kind', 'in', ['forum_reply', 'forum_mention'])
    .where('read_at', 'is', null)
    .where('created_at', '<=', until)
    .orderBy('user_id')
    .orderBy('id', 'desc')
    .execute();
}

/** Turns both forum mails off (the one-click unsubscribe); false when the user no longer exists. */
export async function disableForumMail(db: Db, userId: number): Promise<boolean> {
  const rows = await db.updateTable('users').set({ email_on_forum_reply: 0, email_on_forum_mention: 0 }).where('id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

export function findForumMailState(db: Db, userId: number) {
  return db.selectFrom('users').select(['email', 'email_on_forum_reply', 'email_on_forum_mention']).where('id', '=', userId).executeTakeFirst();
}
