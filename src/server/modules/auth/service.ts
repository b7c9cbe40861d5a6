import { SESSION_DAYS, type Role, type UserType } from '../../../common/constants';
import { isLanguage, withLanguage, type Language } from '../../../common/languages';
import { buildPath } from '../../../common/routes';
import type { z } from 'zod';
import {
  deleteAccountSchema,
  emailChangeSchema,
  isDeleteWord,
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth';
import { usernameKey } from '../../../common/username';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { Transaction } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { indexProfile } from '../search/index';
import { consume, refund, resetLimit, type Limit } from '../../lib/rate-limit/index';
import { ALL, sessionTag, tags } from '../../lib/answer-cache/index';
import { t } from '../../i18n';
import { defineChange, eventKey, type DeliveredEvent, type Emitted } from '../../lib/outbox/index';
import { purposeMac } from '../../lib/signed-token';
import { refuseCommonPassword } from './common-passwords';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { presentSessionUser } from './presenter';
import * as repo from './repo';
import { endSession, hashToken, resolveSession, startSession } from './sessions';
import { isSuspended } from './suspension';
import { sweepExpired } from './sweep';

const MINUTE = 60_000;
/**
 * Attempts per address and per account, each counted before the work it guards; login windows
 * are short so the real owner is not locked out for long. A successful login gives its
 * attempts back, so only failures add up.
 */
// The limits that guard passwords hold even when the shared store fails: this process counts alone then.
export const LIMITS = {
  loginIp: { name: 'login-ip', max: 30, windowMs: 15 * MINUTE, whenStoreFails: 'local' },
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE, whenStoreFails: 'local' },
  registerIp: { name: 'register-ip', max: 10, windowMs: 60 * MINUTE },
  resetIp: { name: 'reset-ip', max: 10, windowMs: 60 * MINUTE, whenStoreFails: 'local' },
  resetAccount: { name: 'reset-account', max: 3, windowMs: 60 * MINUTE, whenStoreFails: 'local' },
  // A stolen session cookie must not become a way to guess the password behind it.
  currentPassword: { name: 'current-password', max: 10, windowMs: 15 * MINUTE, whenStoreFails: 'local' },
} satisfies Record<string, Limit>;
const RESET_VALID_MS = 60 * MINUTE;

export const SESSION_MAX_AGE_S = SESSION_DAYS * 24 * 60 * 60;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Profile fields an account may be created with (the demo world); all others start empty. */
export type AccountProfile = Partial<Omit<NewUser, 'id' | 'username' | 'username_key' | 'email' | 'email_key' | 'password_hash' | 'role' | 'user_type' | 'created_at' | 'updated_at'>>;

/** A new account below the HTTP rules: registration, the admin CLI and the demo seed all create accounts through it. */
export interface NewAccount {
  username: string;
  email: string;
  userType: UserType;
  role?: Role;
  /** The password in clear, or a hash made once for many accounts that share one (the demo world). */
  password: { plain: string } | { hash: string };
  profile?: AccountProfile;
  /** When the account was made (now unless given). */
  createdAt?: string;
}

const EMPTY_PROFILE = {
  featured_until: null,
  avatar: null, header_image: null, bio: null, city: null, country: null, city_id: null,
  country_id: null, city_name: null, country_name: null, gender: null, experience: null,
  instagram: null, facebook: null, tiktok: null, youtube: null, telegram: null, whatsapp: null,
  pinterest: null, twitter: null, website: null,
} satisfies AccountProfile;

/**
 * Inserts an account: the one place a user row is made (the service's createUser, and the demo
 * seed inside its own transaction). No rules but the unique indexes; callers check the rest.
 */
export async function insertAccount(db: Db, account: NewAccount): Promise<UserRow> {
  const createdAt = account.createdAt ?? new Date().toISOString();
  const passwordHash = 'hash' in account.password ? account.password.hash : await hashPassword(account.password.plain);
  const user: NewUser = {
    ...EMPTY_PROFILE,
    name: account.username,
    ...account.profile,
    username: account.username,
    username_key: usernameKey(account.username),
    email: account.email,
    email_key: emailKey(account.email),
    password_hash: passwordHash,
    ...(account.role ? { role: account.role } : {}),
    user_type: account.userType,
    created_at: createdAt,
    updated_at: createdAt,
  };
  // The new profile is found by search from the start, written in the same transaction.
  const insert = async (trx: Db) => {
    const row = await repo.insertUser(trx, user);
    await indexProfile(trx, row.id);
    return row;
  };
  return db.isTransaction ? insert(db) : db.transaction().execute(insert);
}

export interface AuthDeps extends Pick<AppContext, 'db' | 'config' | 'mailer' | 'rateLimits' | 'deleteFiles' | 'invalidation' | 'outbox'> {
  /** The files other capabilities keep for a user, deleted with the account. */
  collectAccountFiles(userId: number): Promise<string[]>;
  /** Takes the ratings the account gave off the users it reviewed, before its rows cascade away. */
  releaseAccountReviews(userId: number): Promise<void>;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, config, rateLimits, invalidation } = deps;
  // The user's cached sessions and open live streams, in every process: they ended, or their
  // user changed. Resolves once the other processes were told, so the write answers after that.
  const sessionsChanged = (userId: number) => invalidation.invalidateEverywhere([sessionTag(userId)]);
  // The account mails go out through the outbox: a request commits its mail with it, and a
  // process that dies before sending leaves it to the next (docs/decisions/039).
  const resetRequested = deps.outbox.define<{ email: string; lang: Language }>('auth.password-reset-requested', {
    deliver: ({ email, lang }, event) => mailResetLink(email, lang, event),
  });
  const emailChanged = deps.outbox.define<{ to: string; name: string; lang: Language }>('auth.email-changed', {
    deliver: ({ to, name, lang }, event) =>
      deps.mailer.send({
        to,
        subject: t(lang, 'mail:emailChanged.subject'),
        text: t(lang, 'mail:emailChanged.body', { name, link: config.publicUrl + withLanguage(buildPath('contact'), lang) }),
        key: eventKey(event),
      }),
  });

  /**
   * Ends the user's sessions (all, or all but `keepSessionId`) and voids their reset links,
   * writing `values` to the account in the same transaction, here and in every process: their
   * cached sessions drop and their open live streams close. Whatever replaces an account's
   * access goes through it (password and email changes, deletion, an admin's suspension, whose
   * own writes `within` adds to the transaction).
   */
  async function endSessionsOfUser(
    userId: number,
    values: Partial<Omit<UserRow, 'id'>> = {},
    keepSessionId?: string,
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<void> {
    await repo.endSessionsOfUser(db, userId, values, keepSessionId, within);
    await sessionsChanged(userId);
  }
  const createUser = (account: NewAccount) => insertAccount(db, account);
  /** A new artist heads the artist list. */
  const artistJoined = defineChange<Record<string, never>>(deps.outbox, invalidation, 'auth.artist-joined', () => [tags.artists]);
  /**
   * A deleted account's cards, listings, images and sessions leave every answer, and the ratings
   * it gave change profiles not read here: rare enough to clear everything.
   */
  const accountRemoved = defineChange<Record<string, never>>(deps.outbox, invalidation, 'auth.account-removed', () => [ALL]);
  // Mails speak the account's stored language; one never stored falls back to the request's.
  const storedLanguage = (row: Pick<UserRow, 'language'>, fallback: Language): Language => (isLanguage(row.language) ? row.language : fallback);
  // Made once per service, on the first login of an unknown email.
  let dummy: Promise<string> | undefined;

  /** Registers in the interface language `lang`, which the account keeps for its mails until the user picks another. */
  async function register(input: z.infer<typeof registerSchema>, ip: string, lang: Language) {
    refuseCommonPassword(input.password, 'password');
    await consume(rateLimits, LIMITS.registerIp, [`ip:${ip}`]);
    const username = input.username.normalize('NFC').trim().replace(/ +/g, ' ');
    if (await repo.findUserByEmailKey(db, emailKey(input.email))) throw conflict('emailTaken');
    if (await repo.usernameKeyTaken(db, usernameKey(username))) throw conflict('usernameTaken');
    try {
      const account: NewAccount = { username, email: input.email.trim(), userType: input.userType, password: { plain: input.password }, profile: { language: lang } };
      const row =
        input.userType === 'artist'
          ? await artistJoined.around({}, (within) =>
              db.transaction().execute(async (trx) => {
                const made = await insertAccount(trx, account);
                await within(trx);
                return made;
              }),
            )
          : await createUser(account);
      const token = await startSession(db, row.id);
      return { user: presentSessionUser(row), token };
    } catch (err) {
      // Two registrations racing for one name: the unique index decides, the loser gets the same answer.
      if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('usernameTaken');
      throw err;
    }
  }

  /** Logs in; an account that never stored a language (made before registration kept it) takes the one it logs in with. */
  async function login(input: z.infer<typeof loginSchema>, ip: string, lang: Language) {
    const account = `account:${emailKey(input.email)}`;
    // Counted before the password check, so a burst of parallel guesses cannot all reach it.
    await consume(rateLimits, LIMITS.loginIp, [`ip:${ip}`]);
    await consume(rateLimits, LIMITS.loginAccount, [account]);
    const row = await repo.findUserByEmailKey(db, emailKey(input.email));
    // An unknown email costs a real verification too, so timing does not reveal which accounts exist.
    const ok = await verifyPassword(row?.password_hash ?? (await (dummy ??= dummyHash())), input.password);
    if (!row || !ok) throw new AppError(401, 'invalidCredentials');
    // Told only after the right password, so the answer reveals nothing to a guesser.
    if (isSuspended(row)) {
      await refund(rateLimits, LIMITS.loginIp, `ip:${ip}`);
      if (row.suspended_until) throw new AppError(403, 'accountSuspendedUntil', { date: row.suspended_until.slice(0, 10) });
      throw new AppError(403, 'accountSuspended');
    }
    await refund(rateLimits, LIMITS.loginIp, `ip:${ip}`);
    await resetLimit(rateLimits, LIMITS.loginAccount, account);
    if (!isLanguage(row.language)) await repo.updateUser(db, row.id, { language: lang });
    const token = await startSession(db, row.id);
    return { user: presentSessionUser(row), token };
  }

  async function requirePassword(userId: number, password: string) {
    await consume(rateLimits, LIMITS.currentPassword, [`user:${userId}`]);
    const row = await repo.findUserById(db, userId);
    if (!row) throw new AppError(401, 'unauthorized');
    if (!(await verifyPassword(row.password_hash, password))) throw new AppError(400, 'currentPasswordWrong', {}, { field: 'password' });
    await refund(rateLimits, LIMITS.currentPassword, `user:${userId}`);
    return row;
  }

  /**
   * Changes the email, voids every outstanding reset link (one may sit in the old mailbox), ends
   * the user's other sessions and tells the old address, so a taken-over account is noticed.
   */
  async function changeEmail(userId: number, sessionId: string, input: z.infer<typeof emailChangeSchema>, lang: Language) {
    const row = await requirePassword(userId, input.password);
    const key = emailKey(input.email);
    if (key === row.email_key) throw new AppError(400, 'emailUnchanged', {}, { field: 'email' });
    if (await repo.findUserByEmailKey(db, key)) throw conflict('emailTaken');
    const notice: Emitted[] = [];
    const values = { email: input.email.trim(), email_key: key, updated_at: new Date().toISOString() };
    await endSessionsOfUser(userId, values, sessionId, async (trx) => {
      notice.push(await emailChanged.emit(trx, { to: row.email, name: row.name, lang: storedLanguage(row, lang) }));
    });
    deps.outbox.afterCommit(...notice);
    return presentSessionUser({ ...row, email: input.email.trim() });
  }

  /** Changes the password, voids every outstanding reset link and ends every other session of the user. */
  async function changePassword(userId: number, sessionId: string, input: z.infer<typeof passwordChangeSchema>) {
    refuseCommonPassword(input.newPassword, 'newPassword');
    await requirePassword(userId, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await endSessionsOfUser(userId, { password_hash: passwordHash, updated_at: new Date().toISOString() }, sessionId);
  }

  /**
   * Deletes the account with everything that belongs to it (rows cascade; files through the
   * collector other capabilities feed); payment records stay, anonymised, for bookkeeping.
   */
  async function deleteAccount(userId: number, input: z.infer<typeof deleteAccountSchema>, lang: Language) {
    // The typed word, when sent, must be the one the screen asked for in its language.
    if (input.confirmation !== undefined && !isDeleteWord(input.confirmation, lang)) {
      throw new AppError(400, 'deleteConfirmation', {}, { field: 'confirmation' });
    }
    const row = await requirePassword(userId, input.password);
    await removeAccount(row);
  }

  /**
   * The deletion itself, for the owner's request above and an admin's: `within` runs in the
   * deleting transaction before the row goes (the admin's audit entry, and a last check that
   * may still refuse, rolling back with it).
   */
  async function removeAccount(row: Pick<UserRow, 'id' | 'avatar' | 'header_image'>, within?: (trx: Transaction<Database>) => Promise<void>) {
    const userId = row.id;
    const files = [row.avatar, row.header_image].filter((u): u is string => !!u);
    files.push(...(await deps.collectAccountFiles(userId)));
    await endSessionsOfUser(userId);
    // After the sessions: the account can write no new review in between.
    await deps.releaseAccountReviews(userId);
    await accountRemoved.around({}, (emit) =>
      repo.deleteUser(db, userId, async (trx) => {
        await within?.(trx);
        await emit(trx);
      }),
    );
    await deps.deleteFiles(files);
  }

  /** An admin's deletion of another account: no password of the user, the admin checked theirs. */
  async function removeAccountById(userId: number, within?: (trx: Transaction<Database>) => Promise<void>): Promise<boolean> {
    const row = await repo.findUserById(db, userId);
    if (!row) return false;
    await removeAccount(row, within);
    return true;
  }

  /**
   * Always answers the same, and before looking the account up: the request is stored as an
   * outbox event whatever the address, and the lookup and the mail come with its delivery, so
   * neither the answer nor its timing tells whether the account exists.
   */
  async function forgotPassword(email: string, ip: string, lang: Language) {
    await consume(rateLimits, LIMITS.resetIp, [`ip:${ip}`]);
    const { count } = await rateLimits.hit(`${LIMITS.resetAccount.name}:account:${emailKey(email)}`, LIMITS.resetAccount.windowMs, LIMITS.resetAccount.whenStoreFails);
    // Over the per-account limit nothing is sent, but the answer stays the same.
    if (count > LIMITS.resetAccount.max) return;
    deps.outbox.afterCommit(await resetRequested.emit(db, { email, lang }));
  }

  /**
   * Mails a single-use link valid for one hour from the request when the account exists. The
   * token follows from the event, so a repeated delivery stores and mails the same link.
   */
  async function mailResetLink(email: string, lang: Language, event: DeliveredEvent) {
    const requested = Date.parse(event.createdAt);
    // Delivered after the hour (a long outage), the link would be dead on arrival.
    if (requested + RESET_VALID_MS <= Date.now()) return;
    const row = await repo.findUserByEmailKey(db, emailKey(email));
    // An account changed since the request (its password reset with this very link, then the
    // event delivered again) gets no link: one would outlive the change it predates.
    if (!row || row.updated_at > event.createdAt) return;
    const token = purposeMac(config.sessionSecret, 'password-reset', event.id, event.createdAt);
    await repo.insertPasswordReset(db, {
      tokenHash: hashToken(token),
      userId: row.id,
      now: event.createdAt,
      expiresAt: new Date(requested + RESET_VALID_MS).toISOString(),
    });
    const mailLang = storedLanguage(row, lang);
    const link = `${config.publicUrl}${withLanguage(buildPath('resetPassword'), mailLang)}?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: row.email,
      subject: t(mailLang, 'mail:reset.subject'),
      text: t(mailLang, 'mail:reset.body', { name: row.name, link }),
      key: eventKey(event),
    });
  }

  /** Applies the password rules, uses the token once, voids the user's other links and ends every session. */
  async function resetPassword(input: z.infer<typeof resetPasswordSchema>) {
    // Before the token is used up, so the link still works for a better password.
    refuseCommonPassword(input.password, 'password');
    const tokenHash = hashToken(input.token);
    // Claimed before the costly hash, so a guessed token costs no hashing.
    const userId = await repo.claimPasswordReset(db, tokenHash, new Date().toISOString());
    if (userId === undefined) throw new AppError(400, 'resetTokenInvalid');
    const passwordHash = await hashPassword(input.password);
    // The link may have been voided while the password was hashed (the admin command).
    if (!(await repo.completePasswordReset(db, tokenHash, userId, { password_hash: passwordHash, updated_at: new Date().toISOString() }))) {
      throw new AppError(400, 'resetTokenInvalid');
    }
    await sessionsChanged(userId);
  }

  /**
   * Creates an administrator account, or makes an existing account with that email one with the
   * new password (the admin command). An existing account loses its reset links and sessions,
   * as on a password reset: a link mailed before must not set the admin's password, and a
   * session opened before must not turn admin.
   */
  async function createAdmin(input: z.infer<typeof registerSchema>): Promise<UserRow> {
    refuseCommonPassword(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    const now = new Date().toISOString();
    const existing = await repo.makeAdmin(db, emailKey(input.email), { password_hash: passwordHash, updated_at: now });
    if (existing) {
      await sessionsChanged(existing.id);
      return { ...existing, role: 'admin' };
    }
    return createUser({ username: input.username, email: input.email, userType: input.userType, role: 'admin', password: { hash: passwordHash } });
  }

  /** Makes the account with that email an administrator, ending its sessions and links as createAdmin does; undefined when there is none. */
  async function promoteToAdmin(email: string): Promise<UserRow | undefined> {
    const user = await repo.makeAdmin(db, emailKey(email), { updated_at: new Date().toISOString() });
    if (user) await sessionsChanged(user.id);
    return user;
  }

  return {
    createUser,
    register,
    login,
    changeEmail,
    changePassword,
    deleteAccount,
    removeAccountById,
    forgotPassword,
    resetPassword,
    createAdmin,
    promoteToAdmin,
    resolveSession: (token: string) => resolveSession(db, token),
    endSessionsOfUser,
    /**
     * Ends the cookie's session; `userId` (the session's user) clears the cached copies of it and
     * closes its open live streams in every process before this resolves.
     */
    async endSession(token: string, userId?: number) {
      await endSession(db, token);
      if (userId !== undefined) await sessionsChanged(userId);
    },
    sweepExpired: (now?: Date) => sweepExpired(db, now),
  };
}
