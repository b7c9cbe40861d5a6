import type { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/languages';
import type { Preferences, preferencesSchema } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../errors';
import { createInbox } from './inbox-service';
import * as repo from './repo';
import { verifyUnsubscribeToken } from './token';
import { runOnce } from './unread-mail';

export type NotificationDeps = Pick<AppContext, 'db' | 'mailer' | 'config' | 'events'>;
export type NotificationService = ReturnType<typeof createNotificationService>;

/** The preferences as the mail job reads them: a user who never chose a language gets mails in the default one. */
function presentPreferences(row: repo.PreferenceRow): Preferences {
  return {
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    emailOnMessage: row.email_on_message === 1,
    emailOnForumReply: row.email_on_forum_reply === 1,
    emailOnForumMention: row.email_on_forum_mention === 1,
  };
}

const invalidToken = () => new AppError(400, 'unsubscribeTokenInvalid');

/** A masked address (l***@example.test): enough to recognise one's own, nothing for whoever holds a forwarded link. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function createNotificationService(deps: NotificationDeps) {
  const { db, config } = deps;

  async function getPreferences(userId: number): Promise<Preferences> {
    const row = await repo.findPreferences(db, userId);
    if (!row) throw unauthorized();
    return presentPreferences(row);
  }

  /** Writes only the fields sent. */
  async function updatePreferences(userId: number, input: z.infer<typeof preferencesSchema>): Promise<Preferences> {
    const change: repo.PreferenceChange = {};
    if (input.language !== undefined) change.language = input.language;
    if (input.emailOnMessage !== undefined) change.email_on_message = input.emailOnMessage ? 1 : 0;
    if (input.emailOnForumReply !== undefined) change.email_on_forum_reply = input.emailOnForumReply ? 1 : 0;
    if (input.emailOnForumMention !== undefined) change.email_on_forum_mention = input.emailOnForumMention ? 1 : 0;
    if (Object.keys(change).length) await repo.updatePreferences(db, userId, change, new Date().toISOString());
    return getPreferences(userId);
  }

  /** Whether a token names an account, for the unsubscribe page (which then shows the masked address). */
  async function checkToken(token: string) {
    const userId = verifyUnsubscribeToken(config.sessionSecret, token);
    const row = userId === null ? undefined : await repo.findEmail(db, userId);
    if (!row) throw invalidToken();
    return { valid: true, email: maskEmail(row.email), emailOnMessage: row.email_on_message === 1 };
  }

  /** Turns the unread-message mail off for the token's account; repeating it changes nothing. */
  async function unsubscribe(token: string) {
    const userId = verifyUnsubscribeToken(config.sessionSecret, token);
    if (userId === null || !(await repo.disableMessageMail(db, userId))) throw invalidToken();
    return { emailOnMessage: false };
  }

  return {
    /** The bell: notify (inside another module's transaction), list, markRead, unreadCount. */
    ...createInbox(deps),
    getPreferences,
    updatePreferences,
    checkToken,
    unsubscribe,
    /** One run of the unread-message mail job, at `now` (the timer in main.ts, and tests). */
    runUnreadMail: (now?: Date) => runOnce(deps, now),
  };
}
