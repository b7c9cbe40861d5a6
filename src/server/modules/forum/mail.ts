import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, withLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { scheduleJob } from '../../lib/jobs';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import * as repo from './mail-repo';
import { forumUnsubscribeToken, verifyForumUnsubscribeToken } from './token';

const MINUTE_MS = 60_000;
/** A notice waits this long unread, and its reader this long idle, before it goes into a mail. */
export const DIGEST_IDLE_MS = 10 * MINUTE_MS;
/** At most one digest per user in this time. */
export const DIGEST_GAP_MS = 60 * MINUTE_MS;
export const DIGEST_JOB_EVERY_MS = 5 * MINUTE_MS;
const BATCH_SIZE = 100;
const MAX_ROUNDS = 10;
/** Notices named in one digest; the rest are counted in one line. */
const MAX_LINES = 10;

export type DigestDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The public address of the one-click unsubscribe call (List-Unsubscribe); a POST there turns the forum mails off. */
export function forumOneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/forum/unsubscribe/${encodeURIComponent(token)}`;
}

function params(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One user's digest: plain text, a line per notice with its link, and the RFC 8058 one-click headers. */
export function composeDigest(config: DigestDeps['config'], user: repo.DigestCandidate, notices: repo.DigestNotice[]): Mail {
  const lang: Language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  const token = forumUnsubscribeToken(config.sessionSecret, user.id);
  const lines = notices.slice(0, MAX_LINES).map((n) => `${t(lang, `notices:${n.kind}.title`, params(n.params))}\n${config.publicUrl}${withLanguage(n.url, lang)}`);
  if (notices.length > MAX_LINES) lines.push(t(lang, 'mail:forumDigest.more', { count: notices.length - MAX_LINES }));
  const oneClick = forumOneClickUrl(config.publicUrl, token);
  return {
    to: user.email,
    subject: t(lang, 'mail:forumDigest.subject'),
    text: t(lang, 'mail:forumDigest.body', {
      name: user.name,
      list: lines.join('\n\n'),
      settingsLink: `${config.publicUrl}${pathTo('dashboard', {}, lang)}`,
      unsubscribeLink: oneClick,
    }),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One run of the forum digest. Per round: find the users due one, claim their slot with a
 * conditional update (only the process whose update takes the row sends), then mail what each
 * has unread since the last digest, of the kinds they want by mail. A failed mail is not
 * retried before the next slot, so nobody gets the same notices twice.
 */
export async function runDigest(deps: DigestDeps, now: Date = new Date(), log?: (err: unknown, userId: number) => void): Promise<MailTally> {
  const { db, mailer, config } = deps;
  const at: repo.DigestWindow = {
    now: now.toISOString(),
    idleBefore: new Date(now.getTime() - DIGEST_IDLE_MS).toISOString(),
    mailedBefore: new Date(now.getTime() - DIGEST_GAP_MS).toISOString(),
  };
  return mailClaimedInRounds({
    mailer,
    batchSize: BATCH_SIZE,
    maxRounds: MAX_ROUNDS,
    nextRound: async () => {
      const candidates = await repo.findDigestCandidates(db, at, BATCH_SIZE);
      if (candidates.length === 0) return { found: 0, claimed: [] };
      const claimed = new Set(await repo.claimDigestSlots(db, candidates.map((c) => c.id), at));
      const notices = await repo.findDigestNotices(db, [...claimed], at.idleBefore);
      const mails = candidates.flatMap((user) => {
        if (!claimed.has(user.id)) return [];
        const own = notices.filter(
          (n) =>
            n.user_id === user.id &&
            (user.forum_mail_at === null || n.created_at > user.forum_mail_at) &&
            ((n.kind === 'forum_reply' && user.email_on_forum_reply === 1) || (n.kind === 'forum_mention' && user.email_on_forum_mention === 1)),
        );
        return own.length ? [{ user, notices: own }] : [];
      });
      return { found: candidates.length, claimed: mails };
    },
    compose: ({ user, notices }) => composeDigest(config, user, notices),
    onError: (err, { user }) => log?.(err, user.id),
  });
}

const invalidToken = () => new AppError(400, 'unsubscribeTokenInvalid');

/** The one-click unsubscribe: both forum mails off; repeating it changes nothing. */
export async function unsubscribeForumMail(deps: Pick<DigestDeps, 'db' | 'config'>, token: string) {
  const userId = verifyForumUnsubscribeToken(deps.config.sessionSecret, token);
  if (userId === null || !(await repo.disableForumMail(deps.db, userId))) throw invalidToken();
  return { emailOnForumReply: false, emailOnForumMention: false };
}

/** Whether a token names an account, and its forum mail settings (the address masked). */
export async function checkForumMailToken(deps: Pick<DigestDeps, 'db' | 'config'>, token: string) {
  const userId = verifyForumUnsubscribeToken(deps.config.sessionSecret, token);
  const row = userId === null ? undefined : await repo.findForumMailState(deps.db, userId);
  if (!row) throw invalidToken();
  const at = row.email.lastIndexOf('@');
  return {
    valid: true,
    email: at < 1 ? '***' : `${row.email.slice(0, 1)}***${row.email.slice(at)}`,
    emailOnForumReply: row.email_on_forum_reply === 1,
    emailOnForumMention: row.email_on_forum_mention === 1,
  };
}

/** The forum's periodic work: the digest every five minutes, the sweep of unattached uploads every hour. */
export function scheduleForumJobs(app: FastifyInstance, sweep: () => Promise<number>): void {
  scheduleMailJob(app, {
    name: 'the forum mail digest',
    everyMs: DIGEST_JOB_EVERY_MS,
    run: () => runDigest(app.ctx, new Date(), (err, userId) => app.log.error({ err, userId }, 'sending a forum digest failed')),
    msg: 'forum digests',
  });
  scheduleJob(app, {
    name: 'sweeping unattached forum uploads',
    everyMs: 60 * MINUTE_MS,
    run: sweep,
    report: (count) => (count ? { level: 'info', fields: { count }, msg: 'dropped unattached forum uploads' } : undefined),
  });
}
