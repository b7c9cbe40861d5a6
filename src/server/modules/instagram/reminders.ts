import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/languages';
import { pathTo } from '../../../common/routes';
import { profilePath } from '../../../common/username';
import type { AppContext } from '../../context';
import { t } from '../../i18n';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import { parseHashtags } from './presenter';
import * as repo from './repo';

export const REMINDER_JOB_EVERY_MS = 60_000;
/** Posts claimed per round, and rounds per run: a backlog drains over a few minutes without one run holding on for long. */
const BATCH_SIZE = 100;
const MAX_ROUNDS = 10;

export type ReminderDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The reminder for one post, in the owner's language: the caption and hashtags to copy, and the way to the list. */
export function composeReminder(config: ReminderDeps['config'], post: repo.DueReminder): Mail {
  const lang: Language = isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE;
  const hashtags = parseHashtags(post.hashtags).map((tag) => `#${tag}`).join(' ');
  const type = t(lang, `mail:postReminder.types.${post.type}`);
  return {
    to: post.email,
    subject: t(lang, 'mail:postReminder.subject', { type }),
    text: t(lang, 'mail:postReminder.body', {
      name: post.name || post.username,
      type,
      caption: post.caption || t(lang, 'mail:postReminder.noCaption'),
      hashtags: hashtags || t(lang, 'mail:postReminder.noHashtags'),
      link: `${config.publicUrl}${pathTo('userPosts', { username: profilePath(post.username) }, lang)}`,
    }),
  };
}

/**
 * One run of the post reminders. Per round: find the planned posts whose time has come and
 * whose reminder is unclaimed, claim them with one guarded update (only the process whose
 * update takes a row sends its mail), then send to the claimed only. A mail that fails is
 * logged and not retried, so nobody gets the same reminder twice; moving the planned time
 * clears the claim, and the new time gets its own mail.
 */
export async function runOnce(
  deps: ReminderDeps,
  now: Date = new Date(),
  log?: (err: unknown, postId: number) => void,
): Promise<MailTally> {
  const at = now.toISOString();
  return mailClaimedInRounds({
    mailer: deps.mailer,
    batchSize: BATCH_SIZE,
    maxRounds: MAX_ROUNDS,
    nextRound: async () => {
      const due = await repo.findDueReminders(deps.db, at, BATCH_SIZE);
      if (due.length === 0) return { found: 0, claimed: [] };
      const claimed = new Set(await repo.claimReminders(deps.db, due.map((p) => p.id), at));
      return { found: due.length, claimed: due.filter((post) => claimed.has(post.id)) };
    },
    compose: (post) => composeReminder(deps.config, post),
    onError: (err, post) => log?.(err, post.id),
  });
}

/** Runs the reminders now and then every minute while the app runs. */
export function schedulePostReminders(app: FastifyInstance, everyMs = REMINDER_JOB_EVERY_MS): void {
  scheduleMailJob(app, {
    name: 'the post reminder job',
    everyMs,
    run: () => runOnce(app.ctx, new Date(), (err, postId) => app.log.error({ err, postId }, 'sending a post reminder failed')),
    msg: 'post reminders',
  });
}
