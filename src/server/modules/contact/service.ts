import type { z } from 'zod';
import type { AppealInfo, contactSchema } from '../../../common/schemas/contact';
import type { Language } from '../../../common/languages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { consume } from '../../lib/rate-limit/index';
import { isSuspended } from '../auth/index';
import { APPEAL_DAYS, verifyAppealToken } from './appeal-token';
import { findSuspendedAccount, hasAppeal, insertContactMessage } from './repo';

const CONTACT_LIMIT = { name: 'contact', max: 5, windowMs: 60 * 60_000 };
const DAY_MS = 24 * 60 * 60_000;

export type ContactDeps = Pick<AppContext, 'db' | 'rateLimits' | 'config'>;
export type ContactService = ReturnType<typeof createContactService>;

/** A database refusal by a unique index, on either engine. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createContactService({ db, rateLimits, config }: ContactDeps) {
  /**
   * The suspension an appeal token names, still open to its one appeal: a forged token is 400,
   * one past the 20 days or of a suspension since lifted is 410, an appeal already sent 409.
   */
  async function openAppeal(token: string): Promise<{ userId: number; suspendedAt: string; account: { name: string; username: string; email: string } }> {
    const check = verifyAppealToken(config.sessionSecret, token);
    if (!check.ok) throw check.reason === 'expired' ? new AppError(410, 'appealExpired') : new AppError(400, 'appealInvalid', {}, { field: 'appeal' });
    const account = await findSuspendedAccount(db, check.userId);
    if (!account) throw new AppError(400, 'appealInvalid', {}, { field: 'appeal' });
    // The token names a suspension by its moment: a lifted one, or a later one, is not it.
    if (!account.suspended_at || Date.parse(account.suspended_at) !== Date.parse(check.suspendedAt) || !isSuspended(account)) {
      throw new AppError(410, 'appealSuspensionEnded');
    }
    if (await hasAppeal(db, account.id, account.suspended_at)) throw new AppError(409, 'appealAlreadySent');
    return { userId: account.id, suspendedAt: account.suspended_at, account };
  }

  return {
    /**
     * Keeps a message for the operators (at most five an hour per address); answers its id. With
     * an appeal token it is that suspension's one appeal: the unique index on the suspension
     * decides between two sent at once, and the loser hears the same 409 as a later one.
     */
    async send(input: z.infer<typeof contactSchema>, from: { ip: string; userId: number | null; lang: Language }): Promise<number> {
      await consume(rateLimits, CONTACT_LIMIT, [`ip:${from.ip}`]);
      const { appeal: token, ...message } = input;
      const appeal = token === undefined ? undefined : await openAppeal(token);
      try {
        return await insertContactMessage(db, {
          ...message,
          language: from.lang,
          userId: from.userId,
          ...(appeal ? { appeal: { userId: appeal.userId, suspendedAt: appeal.suspendedAt } } : {}),
        });
      } catch (err) {
        if (appeal && isUniqueViolation(err)) throw new AppError(409, 'appealAlreadySent');
        throw err;
      }
    },

    /** What the contact page prefills for an appeal link, or why the link no longer works. */
    async appeal(token: string): Promise<AppealInfo> {
      const { account, suspendedAt } = await openAppeal(token);
      return { name: account.name || account.username, email: account.email, deadline: new Date(Date.parse(suspendedAt) + APPEAL_DAYS * DAY_MS).toISOString() };
    },
  };
}
