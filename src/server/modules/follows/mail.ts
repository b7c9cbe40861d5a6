import type { FastifyInstance } from 'fastify';
import { isoWeekStart } from '../../../common/iso-week';
import { DEFAULT_LANGUAGE, isLanguage, withLanguage, type Language } from '../../../common/languages';
import { todayInBerlin } from '../../../common/listing-limits';
import { pathTo } from '../../../common/routes';
import { FOLLOW_MAIL_ITEMS, type FeedItem } from '../../../common/schemas/follows';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import { userToken, verifyUserToken } from '../../lib/signed-token';
import * as repo from './repo';
import { presentFeedItem } from './service';

/** The job looks hourly; the week marker lets each user through once a week, in the week's first run. */
export const FOLLOW_MAIL_EVERY_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;
const MAX_ROUNDS = 10;
const PURPOSE = 'unsubscribe:follows-mail';

export type FollowMailDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The token of the weekly mail's unsubscribe link: it can only turn that mail off. */
export const followsUnsubscribeToken = (secret: string, userId: number): string => userToken(secret, PURPOSE, userId);

/** The public address of the one-click unsubscribe call (List-Unsubscribe); a POST there turns the mail off. */
export function followsOneClickUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/follows/unsubscribe/${encodeURIComponent(token)}`;
}

/** One line of the digest: what it is, whose, and where to see it. */
function line(publicUrl: string, lang: Language, item: FeedItem): string {
  const what = t(lang, `mail:followsDigest.kind.${item.kind}`, { name: item.owner.name, title: item.title ?? '' });
  return `${what}\n${publicUrl}${withLanguage(item.url, lang)}`;
}

/** One follower's weekly mail: plain text, at most ten items and a count of the rest, and the RFC 8058 one-click headers. */
export function composeFollowMail(config: FollowMailDeps['config'], user: repo.MailCandidate, items: FeedItem[], total: number): Mail {
  const lang: Language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  const token = followsUnsubscribeToken(config.sessionSecret, user.id);
  const dashboard = `${config.publicUrl}${pathTo('dashboard', {}, lang)}`;
  const lines = items.slice(0, FOLLOW_MAIL_ITEMS).map((item) => line(config.publicUrl, lang, item));
  if (total > FOLLOW_MAIL_ITEMS) lines.push(t(lang, 'mail:followsDigest.more', { count: total - FOLLOW_MAIL_ITEMS, link: `${dashboard}#following` }));
  const oneClick = followsOneClickUrl(config.publicUrl, token);
  return {
    to: user.email,
    subject: t(lang, 'mail:followsDigest.subject'),
    text: t(lang, 'mail:followsDigest.body', { name: user.name, list: lines.join('\n\n'), settingsLink: dashboard, unsubscribeLink: oneClick }),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One run of the weekly mail at `now`. Per round: find who chose it and was not mailed this week
 * (the Monday in Berlin), claim the week for them with a conditional update (only the process
 * whose update takes the row sends), then mail each claimed follower the feed of the last seven
 * days. A follower with nothing new gets no mail but keeps the week's mark; a failed mail is not
 * retried, so nobody gets a week twice.
 */
export async function runFollowMail(deps: FollowMailDeps, now: Date = new Date(), log?: (err: unknown, userId: number) => void): Promise<MailTally> {
  const { db, mailer, config } = deps;
  const week = isoWeekStart(todayInBerlin(now));
  const window = { since: new Date(now.getTime() - WEEK_MS).toISOString(), until: now.toISOString() };
  return mailClaimedInRounds({
    mailer,
    batchSize: BATCH_SIZE,
    maxRounds: MAX_ROUNDS,
    nextRound: async () => {
      const candidates = await repo.findMailCandidates(db, week, BATCH_SIZE);
      const claimed = new Set(await repo.claimMailWeek(db, candidates.map((c) => c.id), week));
      const mails: { user: repo.MailCandidate; items: FeedItem[]; total: number }[] = [];
      for (const user of candidates) {
        if (!claimed.has(user.id)) continue;
        // One more than the mail names, and a count of the rest from a second, wider read only when there is a rest.
        const rows = await repo.feedItems(db, { followerId: user.id, after: null, ...window }, FOLLOW_MAIL_ITEMS + 1);
        if (rows.length === 0) continue;
        const total = rows.length > FOLLOW_MAIL_ITEMS ? (await repo.feedItems(db, { followerId: user.id, after: null, ...window }, 1000)).length : rows.length;
        mails.push({ user, items: rows.map(presentFeedItem), total });
      }
      return { found: candidates.length, claimed: mails };
    },
    compose: ({ user, items, total }) => composeFollowMail(config, user, items, total),
    onError: (err, { user }) => log?.(err, user.id),
  });
}

const invalidToken = () => new AppError(400, 'unsubscribeTokenInvalid');

/** The one-click unsubscribe: the weekly mail off; repeating it changes nothing. */
export async function unsubscribeFollowMail(deps: Pick<FollowMailDeps, 'db' | 'config'>, token: string): Promise<{ weeklyMail: false }> {
  const userId = verifyUserToken(deps.config.sessionSecret, PURPOSE, token);
  if (userId === null || !(await repo.setWeeklyMail(deps.db, userId, false))) throw invalidToken();
  return { weeklyMail: false };
}

/** Whether a token names an account, for a GET of the link (a browser is sent to the dashboard's settings). */
export async function checkFollowMailToken(deps: Pick<FollowMailDeps, 'db' | 'config'>, token: string): Promise<{ valid: true; weeklyMail: boolean }> {
  const userId = verifyUserToken(deps.config.sessionSecret, PURPOSE, token);
  const weeklyMail = userId === null ? undefined : await repo.findWeeklyMail(deps.db, userId);
  if (weeklyMail === undefined) throw invalidToken();
  return { valid: true, weeklyMail };
}

/** The weekly mail of the Following feed, looked for hourly (`scheduleJob`: once across processes, under its lease). */
export function scheduleFollowMail(app: FastifyInstance): void {
  scheduleMailJob(app, {
    name: 'the weekly following mail',
    everyMs: FOLLOW_MAIL_EVERY_MS,
    run: () => runFollowMail(app.ctx, new Date(), (err, userId) => app.log.error({ err, userId }, 'sending a weekly following mail failed')),
    msg: 'weekly following mails',
  });
}
