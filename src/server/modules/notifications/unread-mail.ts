import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { MAIL_EXCERPT_CHARS } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import { t } from '../../i18n';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import * as repo from './repo';
import { unsubscribeToken } from './token';

const MINUTE_MS = 60_000;
/** A message waits this long unread, and its receiver this long idle, before a mail. */
export const MAIL_IDLE_MS = 10 * MINUTE_MS;
/** At most one mail per user in this time. */
export const MAIL_GAP_MS = 60 * MINUTE_MS;
export const MAIL_JOB_EVERY_MS = MINUTE_MS;
/** Users claimed per round, and rounds per run: a backlog drains over a few minutes without one run holding on for long. */
const BATCH_SIZE = 100;
const MAX_ROUNDS = 10;
/** Conversations named in one mail; the rest are counted in one line. */
const MAX_SENDERS = 10;

export type UnreadMailDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The public address of the one-click unsubscribe call (List-Unsubscribe); a POST there turns the mail off. */
export function oneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe/${encodeURIComponent(token)}`;
}

/** The first MAIL_EXCERPT_CHARS characters of a message on one line, marked when cut. */
export function excerpt(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > MAIL_EXCERPT_CHARS ? `${chars.slice(0, MAIL_EXCERPT_CHARS).join('')}…` : flat;
}

interface Conversation {
  sender: string;
  count: number;
  excerpt: string;
  at: string;
}

/** The mail to one user: plain text only (a message is never HTML), with the RFC 8058 one-click headers. */
export function composeUnreadMail(
  config: UnreadMailDeps['config'],
  user: repo.MailCandidate,
  conversations: Conversation[],
): Mail {
  const lang: Language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  const token = unsubscribeToken(config.sessionSecret, user.id);
  const newestFirst = [...conversations].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const lines = newestFirst.slice(0, MAX_SENDERS).map((c) => t(lang, 'mail:unreadMessages.line', { sender: c.sender, count: c.count, excerpt: c.excerpt }));
  if (newestFirst.length > MAX_SENDERS) lines.push(t(lang, 'mail:unreadMessages.more', { count: newestFirst.length - MAX_SENDERS }));
  const oneClick = oneClickUrl(config.publicUrl, token);
  return {
    to: user.email,
    subject: t(lang, 'mail:unreadMessages.subject'),
    text: t(lang, 'mail:unreadMessages.body', {
      name: user.name,
      list: lines.join('\n\n'),
      link: `${config.publicUrl}${pathTo('messages', {}, lang)}`,
      unsubscribeLink: `${config.publicUrl}${pathTo('unsubscribe', { token }, lang)}`,
    }),
    // RFC 8058 wants exactly one HTTPS address here, the one a mail client POSTs to; the page
    // with its button is linked in the text.
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One run of the unread-message mail (docs/decisions/013). Per round: find the users due a mail and
 * what they have unread, claim them in the database with a conditional update (only the
 * process whose update takes the row sends), then compose and send to the claimed only. A
 * mail that fails to send is logged and not retried before the next slot, so no one is ever
 * mailed twice for the same messages.
 */
export async function runOnce(
  deps: UnreadMailDeps,
  now: Date = new Date(),
  log?: (err: unknown, userId: number) => void,
): Promise<MailTally> {
  const { db, mailer, config } = deps;
  const at = {
    now: now.toISOString(),
    idleBefore: new Date(now.getTime() - MAIL_IDLE_MS).toISOString(),
    mailedBefore: new Date(now.getTime() - MAIL_GAP_MS).toISOString(),
  };
  return mailClaimedInRounds({
    mailer,
    batchSize: BATCH_SIZE,
    maxRounds: MAX_ROUNDS,
    nextRound: async () => {
      const candidates = await repo.findMailCandidates(db, at, BATCH_SIZE);
      if (candidates.length === 0) return { found: 0, claimed: [] };
      const byUser = await unreadByUser(db, candidates, at.now);
      const claimed = new Set(await repo.claimMailSlots(db, [...byUser.keys()], at));
      const mails = candidates.flatMap((user) => {
        const conversations = byUser.get(user.id);
        return conversations && claimed.has(user.id) ? [{ user, conversations }] : [];
      });
      return { found: candidates.length, claimed: mails };
    },
    compose: ({ user, conversations }) => composeUnreadMail(config, user, conversations),
    onError: (err, { user }) => log?.(err, user.id),
  });
}

/** What each candidate has unread, one entry per sender with the latest message; users without any are left out. */
async function unreadByUser(db: UnreadMailDeps['db'], candidates: repo.MailCandidate[], now: string): Promise<Map<number, Conversation[]>> {
  const groups = await repo.findUnreadGroups(db, candidates.map((c) => c.id), now);
  const latest = new Map((await repo.findMessagesWithSenders(db, groups.map((g) => g.last_id))).map((m) => [m.id, m]));
  const byUser = new Map<number, Conversation[]>();
  for (const group of groups) {
    const message = latest.get(group.last_id);
    if (!message) continue;
    const list = byUser.get(group.receiver_id) ?? [];
    list.push({ sender: message.sender_name || message.sender_username, count: group.count, excerpt: excerpt(message.content), at: message.created_at });
    byUser.set(group.receiver_id, list);
  }
  return byUser;
}

/** Runs the mail job now and then every minute while the app runs. */
export function scheduleUnreadMail(app: FastifyInstance, everyMs = MAIL_JOB_EVERY_MS): void {
  scheduleMailJob(app, {
    name: 'the unread-message mail job',
    everyMs,
    run: () => runOnce(app.ctx, new Date(), (err, userId) => app.log.error({ err, userId }, 'sending an unread-message mail failed')),
    msg: 'unread-message mails',
  });
}
