import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo, profilePathTo } from '../../../common/routes';
import { addDays, todayInBerlin } from '../../../common/schemas/listing-fields';
import type { AppContext } from '../../context';
import { t } from '../../i18n';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import * as repo from './repo';

/** How often the job looks for stays that ended. */
export const REVIEW_MAIL_EVERY_MS = 60 * 60 * 1000;
/**
 * Stays that ended longer ago than this get no mail: the dashboard still asks, but a mail about
 * a stay weeks past (the first run after this feature arrived, a long outage) would be noise.
 */
export const REVIEW_MAIL_DAYS = 7;
const BATCH_SIZE = 100;
const MAX_ROUNDS = 10;

export type ReviewMailDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The mail asking one side of a stay to review the other, in that side's language, with a link to the other's reviews. */
export function composeReviewMail(config: ReviewMailDeps['config'], row: repo.ReviewMailCandidate): Mail {
  const lang: Language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const link = `${config.publicUrl}${profilePathTo(row.other_username, lang)}?tab=reviews`;
  return {
    to: row.email,
    subject: t(lang, 'mail:stayReview.subject', { other: row.other_name }),
    text: t(lang, 'mail:stayReview.body', { name: row.name, other: row.other_name, link, dashboard: `${config.publicUrl}${pathTo('dashboard', {}, lang)}` }),
    key: { id: `stay-review-${row.stay_id}-${row.user_id}`, at: new Date() },
  };
}

/**
 * One run: find the sides of recently ended stays not mailed yet, claim them (the primary key of
 * `stay_review_mails` lets each through once across processes), then mail the claimed. A failed
 * mail is not retried: the dashboard keeps asking, and nobody gets the mail twice.
 */
export async function runReviewMails(deps: ReviewMailDeps, today: string = todayInBerlin(), log?: (err: unknown, row: repo.ReviewMailCandidate) => void): Promise<MailTally> {
  const { db, mailer, config } = deps;
  const since = addDays(today, -REVIEW_MAIL_DAYS);
  return mailClaimedInRounds({
    mailer,
    batchSize: BATCH_SIZE,
    maxRounds: MAX_ROUNDS,
    nextRound: async () => {
      const rows = await repo.dueReviewMails(db, since, today, BATCH_SIZE);
      const claimed = await repo.claimReviewMails(db, rows.map((r) => ({ stayId: r.stay_id, userId: r.user_id })), new Date().toISOString());
      const mine = new Set(claimed.map((c) => `${c.stay_id}:${c.user_id}`));
      return { found: rows.length, claimed: rows.filter((r) => mine.has(`${r.stay_id}:${r.user_id}`)) };
    },
    compose: (row) => composeReviewMail(config, row),
    onError: (err, row) => log?.(err, row),
  });
}

/** Asks both sides of each stay that ended to review the other, hourly (`scheduleJob`: once across processes). */
export function scheduleReviewRequestMails(app: FastifyInstance): void {
  scheduleMailJob(app, {
    name: 'the stay review mails',
    everyMs: REVIEW_MAIL_EVERY_MS,
    run: () => runReviewMails(app.ctx, todayInBerlin(), (err, row) => app.log.error({ err, stayId: row.stay_id, userId: row.user_id }, 'sending a stay review mail failed')),
    msg: 'stay review mails',
  });
}
