import { SESSION_DAYS } from '../../../common/constants';
import type { Language } from '../../../common/languages';
import type { z } from 'zod';
import {
  emailChangeSchema,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth';
import { usernameKey } from '../../../common/username';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../errors';
import { consume, refund, resetLimit } from '../../http/rate-limit';
import { t } from '../../i18n';
import type { Defer } from './background';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { presentSessionUser } from './presenter';
import * as repo from './repo';
import { hashToken, newToken, startSession } from './sessions';

const MINUTE = 60_000;
/**
 * Attempts per address and per account, each counted before the work it guards; login windows
 * are short so the real owner is not locked out for long. A successful login gives its
 * attempts back, so only failures add up.
 */
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MINUTE },
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE },
  registerIp: { name: 'register-ip', max: 10, windowMs: 60 * MINUTE },
  resetIp: { name: 'reset-ip', max: 10, windowMs: 60 * MINUTE },
  resetAccount: { name: 'reset-account', max: 3, windowMs: 60 * MINUTE },
  // A stolen session cookie must not become a way to guess the password behind it.
  currentPassword: { name: 'current-password', max: 10, windowMs: 15 * MINUTE },
};
const RESET_VALID_MS = 60 * MINUTE;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function register(ctx: AppContext, input: z.infer<typeof registerSchema>, ip: string) {
  await consume(ctx.rateLimits, LIMITS.registerIp, [`ip:${ip}`]);
  const username = input.username.normalize('NFC').trim().replace(/ +/g, ' ');
  const key = usernameKey(username);
  if (await repo.findUserByEmailKey(ctx.db, emailKey(input.email))) throw conflict('emailTaken');
  if (await repo.usernameKeyTaken(ctx.db, key)) throw conflict('usernameTaken');
  const now = new Date().toISOString();
  try {
    const row = await repo.insertUser(ctx.db, {
      username,
      username_key: key,
      email: input.email.trim(),
      email_key: emailKey(input.email),
      password_hash: await hashPassword(input.password),
      name: username,
      user_type: input.userType,
      featured_until: null,
      avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
      country_id: null, city_name: null, country_name: null, gender: null, experience: null,
      instagram: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null,
      pinterest: null, twitter: null, website: null,
      created_at: now,
      updated_at: now,
    });
    const token = await startSession(ctx.db, row.id);
    return { user: presentSessionUser(row), token };
  } catch (err) {
    // Two registrations racing for one name: the unique index decides, the loser gets the same answer.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('usernameTaken');
    throw err;
  }
}

export async function login(ctx: AppContext, input: z.infer<typeof loginSchema>, ip: string) {
  const account = `account:${emailKey(input.email)}`;
  // Counted before the password check, so a burst of parallel guesses cannot all reach it.
  await consume(ctx.rateLimits, LIMITS.loginIp, [`ip:${ip}`]);
  await consume(ctx.rateLimits, LIMITS.loginAccount, [account]);
  const row = await repo.findUserByEmailKey(ctx.db, emailKey(input.email));
  // An unknown email costs a real verification too, so timing does not reveal which accounts exist.
  const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), input.password);
  if (!row || !ok) throw new AppError(401, 'invalidCredentials');
  await refund(ctx.rateLimits, LIMITS.loginIp, `ip:${ip}`);
  await resetLimit(ctx.rateLimits, LIMITS.loginAccount, account);
  const token = await startSession(ctx.db, row.id);
  return { user: presentSessionUser(row), token };
}

async function requirePassword(ctx: AppContext, userId: number, password: string) {
  await consume(ctx.rateLimits, LIMITS.currentPassword, [`user:${userId}`]);
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw new AppError(401, 'unauthorized');
  if (!(await verifyPassword(row.password_hash, password))) throw new AppError(400, 'currentPasswordWrong', {}, { field: 'password' });
  await refund(ctx.rateLimits, LIMITS.currentPassword, `user:${userId}`);
  return row;
}

/**
 * Changes the email, voids every outstanding reset link (one may sit in the old mailbox), ends
 * the user's other sessions and tells the old address, so a taken-over account is noticed.
 */
export async function changeEmail(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  input: z.infer<typeof emailChangeSchema>,
  lang: Language,
  defer: Defer,
) {
  const row = await requirePassword(ctx, userId, input.password);
  const key = emailKey(input.email);
  if (key === row.email_key) throw new AppError(400, 'emailUnchanged', {}, { field: 'email' });
  if (await repo.findUserByEmailKey(ctx.db, key)) throw conflict('emailTaken');
  await repo.updateUser(ctx.db, userId, { email: input.email.trim(), email_key: key, updated_at: new Date().toISOString() });
  await repo.deletePasswordResetsOfUser(ctx.db, userId);
  await repo.deleteSessionsOfUser(ctx.db, userId, sessionId);
  // Users have no stored language, so the notice uses the one the change was made in.
  defer('mailing the email change notice', () =>
    ctx.mailer.send({
      to: row.email,
      subject: t(lang, 'mail:emailChanged.subject'),
      text: t(lang, 'mail:emailChanged.body', { name: row.name, link: `${ctx.config.publicUrl}${langPrefix(lang)}/contact` }),
    }),
  );
  return presentSessionUser({ ...row, email: input.email.trim() });
}

/** Changes the password, voids every outstanding reset link and ends every other session of the user. */
export async function changePassword(ctx: AppContext, userId: number, sessionId: string, input: z.infer<typeof passwordChangeSchema>) {
  await requirePassword(ctx, userId, input.currentPassword);
  await repo.updateUser(ctx.db, userId, { password_hash: await hashPassword(input.newPassword), updated_at: new Date().toISOString() });
  await repo.deletePasswordResetsOfUser(ctx.db, userId);
  await repo.deleteSessionsOfUser(ctx.db, userId, sessionId);
}

/**
 * Deletes the account with everything that belongs to it (rows cascade; files through the
 * collectors each capability registers); payment records stay, anonymised, for bookkeeping.
 */
export async function deleteAccount(ctx: AppContext, userId: number, password: string) {
  const row = await requirePassword(ctx, userId, password);
  const files = [row.avatar, row.header_image].filter((u): u is string => !!u);
  for (const collect of accountFileCollectors) files.push(...(await collect(ctx, userId)));
  await repo.deleteSessionsOfUser(ctx.db, userId);
  await repo.deleteUser(ctx.db, userId);
  await ctx.deleteFiles(files);
}

/** Capabilities that keep files per user register here, so account deletion removes them. */
export const accountFileCollectors: ((ctx: AppContext, userId: number) => Promise<string[]>)[] = [];

/**
 * Always answers the same, and before looking the account up: the lookup and the mail are
 * deferred, so neither the answer nor its timing tells whether the account exists.
 */
export async function forgotPassword(ctx: AppContext, email: string, ip: string, lang: Language, defer: Defer) {
  await consume(ctx.rateLimits, LIMITS.resetIp, [`ip:${ip}`]);
  const { count } = await ctx.rateLimits.hit(`${LIMITS.resetAccount.name}:account:${emailKey(email)}`, LIMITS.resetAccount.windowMs);
  // Over the per-account limit nothing is sent, but the answer stays the same.
  if (count > LIMITS.resetAccount.max) return;
  defer('mailing a password reset link', () => mailResetLink(ctx, email, lang));
}

/** Mails a single-use link valid for one hour when the account exists. */
async function mailResetLink(ctx: AppContext, email: string, lang: Language) {
  const row = await repo.findUserByEmailKey(ctx.db, emailKey(email));
  if (!row) return;
  const token = newToken();
  const now = Date.now();
  await repo.insertPasswordReset(ctx.db, {
    tokenHash: hashToken(token),
    userId: row.id,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + RESET_VALID_MS).toISOString(),
  });
  const link = `${ctx.config.publicUrl}${langPrefix(lang)}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: row.email,
    subject: t(lang, 'mail:reset.subject'),
    text: t(lang, 'mail:reset.body', { name: row.name, link }),
  });
}

/** Applies the password rules, uses the token once, voids the user's other links and ends every session. */
export async function resetPassword(ctx: AppContext, input: z.infer<typeof resetPasswordSchema>) {
  const userId = await repo.claimPasswordReset(ctx.db, hashToken(input.token), new Date().toISOString());
  if (userId === undefined) throw new AppError(400, 'resetTokenInvalid');
  await repo.updateUser(ctx.db, userId, { password_hash: await hashPassword(input.password), updated_at: new Date().toISOString() });
  await repo.deletePasswordResetsOfUser(ctx.db, userId);
  await repo.deleteSessionsOfUser(ctx.db, userId);
}

function langPrefix(lang: Language): string {
  return lang === 'en' ? '' : `/${lang}`;
}

export const SESSION_MAX_AGE_S = SESSION_DAYS * 24 * 60 * 60;
