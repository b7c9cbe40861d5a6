import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../jobs';
import type { Mail, Mailer } from './index';

export interface MailTally {
  mailed: number;
  failed: number;
}

/** One round of a mail job: how many rows its batch query found, and those this process claimed. */
export interface MailRound<T> {
  found: number;
  claimed: T[];
}

export interface ClaimedMailJob<T> {
  mailer: Mailer;
  /** Rows a round reads at most; a round that finds fewer was the last. */
  batchSize: number;
  maxRounds: number;
  /** Finds the next batch and claims it in the database; only what it claimed is mailed. */
  nextRound: () => Promise<MailRound<T>>;
  compose: (item: T) => Mail;
  onError?: (err: unknown, item: T) => void;
}

/**
 * Runs the rounds of a mail job that claims before it sends, so that parallel processes never
 * mail the same thing twice: each round claims a batch and mails the claimed, one after another.
 * A mail that fails is counted and handed to `onError`, never retried, and the others still go.
 */
export async function mailClaimedInRounds<T>(job: ClaimedMailJob<T>): Promise<MailTally> {
  const tally: MailTally = { mailed: 0, failed: 0 };
  for (let round = 0; round < job.maxRounds; round++) {
    const { found, claimed } = await job.nextRound();
    for (const item of claimed) {
      try {
        await job.mailer.send(job.compose(item));
        tally.mailed++;
      } catch (err) {
        tally.failed++;
        job.onError?.(err, item);
      }
    }
    if (found < job.batchSize) break;
  }
  return tally;
}

/** Schedules a mail job (`scheduleJob`), with an info line after each run that mailed or failed anything. */
export function scheduleMailJob(app: FastifyInstance, job: { name: string; everyMs: number; run: () => Promise<MailTally>; msg: string }): void {
  scheduleJob(app, {
    name: job.name,
    everyMs: job.everyMs,
    run: job.run,
    report: (result) => (result.mailed || result.failed ? { level: 'info', fields: result, msg: job.msg } : undefined),
  });
}
