import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

export interface PreferenceRow {
  language: string | null;
  email_on_message: number;
  email_on_forum_reply: number;
  email_on_forum_mention: number;
}

export type PreferenceChange = Partial<Pick<PreferenceRow, 'email_on_message' | 'email_on_forum_reply' | 'email_on_forum_mention'>> & { language?: string };

export function findPreferences(db: Db, userId: number): Promise<PreferenceRow | undefined> {
  return db.selectFrom('users').select(['language', 'email_on_message', 'email_on_forum_reply', 'email_on_forum_mention']).where('id', '=', userId).executeTakeFirst();
}

export async function updatePreferences(db: Db, userId: number, change: PreferenceChange, now: string): Promise<void> {
  await db.updateTable('users').set({ ...change, updated_at: now }).where('id', '=', userId).execute();
}

/** Turns the unread-message mail off; false when the user no longer exists. */
export async function disableMessageMail(db: Db, userId: number): Promise<boolean> {
  const rows = await db.updateTable('users').set({ email_on_message: 0 }).where('id', '=', userId).returning('id').execute();
  return rows.length > 0;
}

export async function findEmail(db: Db, userId: number): Promise<{ email: string; email_on_message: number } | undefined> {
  return db.selectFrom('users').select(['email', 'email_on_message']).where('id', '=', userId).executeTakeFirst();
}

type MessageScope = ExpressionBuilder<Database & { m: Database['messages'] }, 'm'>;

/**
 * The messages a mail may name: unread, from someone neither side has blocked, in a
 * conversation the receiver has not deleted since. Each check is a primary-key lookup.
 */
function mailable(eb: MessageScope) {
  return eb.and([
    eb('m.is_read', '=', 0),
    eb.not(eb.exists(eb.selectFrom('blocks').select('blocks.blocker_id').whereRef('blocks.blocker_id', '=', 'm.receiver_id').whereRef('blocks.blocked_id', '=', 'm.sender_id'))),
    eb.not(eb.exists(eb.selectFrom('blocks').select('blocks.blocker_id').whereRef('blocks.blocker_id', '=', 'm.sender_id').whereRef('blocks.blocked_id', '=', 'm.receiver_id'))),
    eb.not(
      eb.exists(
        eb
          .selectFrom('conversations')
          .select('conversations.user_id')
          .whereRef('conversations.user_id', '=', 'm.receiver_id')
          .whereRef('conversations.contact_id', '=', 'm.sender_id')
          .whereRef('conversations.hidden_until_id', '>=', 'm.id'),
      ),
    ),
  ]);
}

export interface MailCandidate {
  id: number;
  email: string;
  name: string;
  language: string | null;
}

/**
 * Users due a mail about unread messages: mail wanted, idle since `idleBefore`, not mailed
 * since `mailedBefore`, with a mailable message older than `idleBefore` that is newer than
 * their last mail.
 */
export function findMailCandidates(db: Db, at: { idleBefore: string; mailedBefore: string }, limit: number): Promise<MailCandidate[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.name', 'users.language'])
    .where('users.email_on_message', '=', 1)
    .where((eb) => eb.or([eb('users.last_active_at', 'is', null), eb('users.last_active_at', '<', at.idleBefore)]))
    .where((eb) => eb.or([eb('users.message_mail_at', 'is', null), eb('users.message_mail_at', '<', at.mailedBefore)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.receiver_id', '=', 'users.id')
          .where('m.created_at', '<=', at.idleBefore)
          .where((inner) => inner.or([inner('users.message_mail_at', 'is', null), inner('m.created_at', '>', inner.ref('users.message_mail_at'))]))
          .where(mailable),
      ),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

export interface UnreadGroup {
  receiver_id: number;
  sender_id: number;
  count: number;
  last_id: number;
}

/** Per receiver and sender: the mailable messages since the receiver's last mail, up to `until`. */
export async function findUnreadGroups(db: Db, receiverIds: number[], until: string): Promise<UnreadGroup[]> {
  if (receiverIds.length === 0) return [];
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('users', 'users.id', 'm.receiver_id')
    .select((eb) => ['m.receiver_id', 'm.sender_id', eb.fn.countAll<number>().as('count'), eb.fn.max('m.id').as('last_id')])
    .where('m.receiver_id', 'in', receiverIds)
    .where('m.created_at', '<=', until)
    .where((eb) => eb.or([eb('users.message_mail_at', 'is', null), eb('m.created_at', '>', eb.ref('users.message_mail_at'))]))
    .where(mailable)
    .groupBy(['m.receiver_id', 'm.sender_id'])
    .execute();
  return rows.map((r) => ({ receiver_id: r.receiver_id, sender_id: r.sender_id, count: Number(r.count), last_id: Number(r.last_id) }));
}

export interface LatestMessageRow {
  id: number;
  content: string;
  created_at: string;
  sender_name: string;
  sender_username: string;
}

export function findMessagesWithSenders(db: Db, ids: number[]): Promise<LatestMessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.sender_id')
    .select(['messages.id', 'messages.content', 'messages.created_at', 'users.name as sender_name', 'users.username as sender_username'])
    .where('messages.id', 'in', ids)
    .execute();
}

/**
 * Claims the users' mail slot: sets message_mail_at to `now` only where it is still free (never
 * mailed, or before `mailedBefore`), the mail still wanted and the user still idle. The row
 * lock of the update decides between processes, so each user is claimed by one of them.
 */
export async function claimMailSlots(db: Db, userIds: number[], at: { now: string; idleBefore: string; mailedBefore: string }): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('users')
    .set({ message_mail_at: at.now })
    .where('id', 'in', userIds)
    .where('email_on_message', '=', 1)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', at.idleBefore)]))
    .where((eb) => eb.or([eb('message_mail_at', 'is', null), eb('message_mail_at', '<', at.mailedBefore)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
