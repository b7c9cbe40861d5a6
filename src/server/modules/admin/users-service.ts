import type { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES, withLanguage, type Language } from '../../../common/languages';
import { buildPath } from '../../../common/routes';
import type { Role, UserType } from '../../../common/constants';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminUsersPage,
  type adminDeleteUserSchema,
  type adminNoteSchema,
  type adminRoleSchema,
  type adminSuspendSchema,
  type adminUnsuspendSchema,
  type AdminUsersQuery,
  type adminWarnSchema,
} from '../../../common/schemas/admin-users';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ALL, sessionTag, tags } from '../../lib/answer-cache/index';
import { consume, refund } from '../../lib/rate-limit/index';
import { isSuspended, LIMITS, verifyPassword, type AuthService } from '../auth/index';
import { APPEAL_DAYS, appealToken } from '../contact/index';
import { writeAudit } from './audit';
import { adminEffects } from './effects';
import { decodeAuditCursor, encodeAuditCursor, presentAuditEntry } from './audit-presenter';
import { listAudit } from './audit-repo';
import type { Step, Trx } from './gallery-service';
import * as repo from './users-repo';

export interface AdminUserDeps {
  ctx: Pick<AppContext, 'db' | 'mailer' | 'outbox' | 'invalidation' | 'rateLimits' | 'config'>;
  auth: Pick<AuthService, 'endSessionsOfUser' | 'removeAccountById'>;
}

/** Entries of each kind the detail page shows. */
const DETAIL_ROWS = 50;

const notFound = () => new AppError(404, 'adminUserNotFound');

function presentListItem(row: repo.AdminUserRow, now: number): AdminUserListItem {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    userType: row.user_type as UserType,
    role: row.role as Role,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    suspension:
      row.suspended_at !== null && isSuspended(row, now) ? { at: row.suspended_at, until: row.suspended_until, reason: row.suspension_reason } : null,
  };
}

const byAdmin = (id: number | null, username: string | null) => (id !== null && username !== null ? { id, username } : null);

export type AdminUserService = ReturnType<typeof createAdminUserService>;

/** The session cache carries the role; admins leave the artist list and its featured places. */
const roleTags = (id: number) => [sessionTag(id), tags.user(id), tags.profile(id), tags.artists, tags.featured];

export function createAdminUserService(deps: AdminUserDeps) {
  const { db, invalidation, rateLimits, config } = deps.ctx;
  const effects = adminEffects(deps.ctx);

  async function list(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const now = new Date();
    const rows = await repo.listUsers(db, {
      ...(query.q ? { text: query.q } : {}),
      ...(query.userType ? { userType: query.userType } : {}),
      ...(query.role ? { role: query.role } : {}),
      ...(query.status ? { status: query.status } : {}),
      now: now.toISOString(),
      ...(query.cursor !== undefined ? { after: decodeAuditCursor(query.cursor) } : {}),
      limit: ADMIN_USERS_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      users: page.map((r) => presentListItem(r, now.getTime())),
      nextCursor: rows.length > ADMIN_USERS_PAGE_SIZE && last ? encodeAuditCursor(last) : null,
    };
  }

  async function detail(id: number): Promise<AdminUserDetail> {
    const row = await repo.findUser(db, id);
    if (!row) throw notFound();
    const [counts, warnings, notes, audit] = await Promise.all([
      repo.countsOf(db, id),
      repo.listWarnings(db, id, DETAIL_ROWS),
      repo.listNotes(db, id, DETAIL_ROWS),
      listAudit(db, { targetType: 'user', targetId: String(id) }, undefined, DETAIL_ROWS),
    ]);
    return {
      ...presentListItem(row, Date.now()),
      counts,
      warnings: warnings.map((w) => ({ id: w.id, reason: w.reason, admin: byAdmin(w.admin_id, w.admin_username), createdAt: w.created_at })),
      notes: notes.map((n) => ({ id: n.id, body: n.body, admin: byAdmin(n.admin_id, n.admin_username), createdAt: n.created_at })),
      audit: audit.map(presentAuditEntry),
    };
  }

  /** The target as it is, or 404; refuses an admin acting on their own account (409). */
  async function requireOther(adminId: number, id: number) {
    const row = await repo.findUser(db, id);
    if (!row) throw notFound();
    if (row.id === adminId) throw new AppError(409, 'adminUserSelf');
    return row;
  }

  /**
   * The acting admin types their own password again before a role change or a deletion, so a
   * session left open cannot do either. Counted like the account's other password checks, so
   * it is no way to guess the password.
   */
  async function requireOwnPassword(adminId: number, password: string): Promise<void> {
    await consume(rateLimits, LIMITS.currentPassword, [`user:${adminId}`]);
    const hash = await repo.findPasswordHash(db, adminId);
    if (!hash || !(await verifyPassword(hash, password))) throw new AppError(403, 'adminPasswordWrong', {}, { field: 'password' });
    await refund(rateLimits, LIMITS.currentPassword, `user:${adminId}`);
  }

  /**
   * Inside the action's transaction, after the locks: the acting admin must still be a usable
   * admin (another may have demoted or suspended them a moment ago), and taking `targetId`
   * away must leave at least one.
   */
  async function keepAnAdmin(trx: Parameters<typeof repo.lockActiveAdmins>[0], adminId: number, targetId: number | null): Promise<void> {
    const active = await repo.lockActiveAdmins(trx, new Date().toISOString());
    if (!active.includes(adminId)) throw new AppError(403, 'adminOnly');
    if (targetId !== null && active.includes(targetId) && active.length <= 1) throw new AppError(409, 'adminLastAdmin');
  }

  function languageOf(row: { language: string | null }): Language {
    return isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  }

  /** A day as the user reads it in their language, in the site's time zone. */
  function formatDay(iso: string, lang: Language): string {
    return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso));
  }

  /** The contact page in the user's language, prefilled for the one appeal of this suspension. */
  function appealLink(row: repo.AdminUserRow, suspendedAt: string): string {
    const token = appealToken(config.sessionSecret, row.id, suspendedAt);
    return `${config.publicUrl}${withLanguage(buildPath('contact'), languageOf(row))}?appeal=${token}`;
  }

  /** A mail to the user, written in the action's transaction and sent after it commits. */
  const mail = (trx: Trx, row: repo.AdminUserRow, key: string, params: Record<string, unknown>) =>
    effects.mail(trx, { email: row.email, name: row.name, language: languageOf(row) }, key, params);

  /**
   * The suspension's own writes inside a transaction that also ends the user's sessions (the
   * caller's `also` runs in it after them and writes the one audit entry of the action: the
   * users area's, or the reports queue's resolve). The cache and the mail wait for the commit.
   */
  async function suspendAlong<T>(
    adminId: number,
    id: number,
    input: z.infer<typeof adminSuspendSchema>,
    also: (trx: Trx, step: Step) => Promise<T>,
  ): Promise<T> {
    const target = await requireOther(adminId, id);
    const until = input.until === undefined ? null : new Date(input.until).toISOString();
    if (until !== null && Date.parse(until) <= Date.now()) throw new AppError(400, 'adminSuspendUntilPast', {}, { field: 'until' });
    const now = new Date().toISOString();
    let result: { value: T; step: Step } | undefined;
    // The sessions end and the reset links are voided in the same transaction as the suspension
    // and its audit entry, and every process drops its cached sessions before this answers.
    await deps.auth.endSessionsOfUser(id, {}, undefined, async (trx) => {
      await keepAnAdmin(trx, adminId, id);
      const row = await repo.lockUser(trx, id);
      if (!row) throw notFound();
      if (isSuspended(row)) throw new AppError(409, 'adminUserAlreadySuspended');
      await repo.setSuspension(trx, id, { at: now, until, reason: input.reason });
      // The profile, cards, listings and images leave every list and page: rare enough to clear all.
      const events = [
        await effects.clear(trx, [ALL]),
        await mail(trx, target, until ? 'accountSuspendedUntil' : 'accountSuspended', {
          reason: input.reason,
          date: until ? formatDay(until, languageOf(target)) : '',
          appeal: appealLink(target, now),
          days: APPEAL_DAYS,
        }),
      ];
      const step: Step = {
        before: { suspended: false },
        after: { suspended: true, until },
        afterCommit: async () => {
          effects.committed(events);
          // Every process stops serving the account before the admin's answer, not at its delivery.
          await invalidation.invalidateEverywhere([ALL]);
        },
      };
      result = { value: await also(trx, step), step };
    });
    if (!result) throw notFound();
    await result.step.afterCommit();
    return result.value;
  }

  async function suspend(adminId: number, id: number, input: z.infer<typeof adminSuspendSchema>): Promise<AdminUserDetail> {
    await suspendAlong(adminId, id, input, (trx, step) =>
      writeAudit(trx, { adminId, action: 'user.suspend', targetType: 'user', targetId: id, reason: input.reason, details: { before: step.before, after: step.after } }),
    );
    return detail(id);
  }

  async function unsuspend(adminId: number, id: number, input: z.infer<typeof adminUnsuspendSchema>): Promise<AdminUserDetail> {
    const target = await requireOther(adminId, id);
    const events = await db.transaction().execute(async (trx) => {
      const row = await repo.lockUser(trx, id);
      if (!row) throw notFound();
      if (!isSuspended(row)) throw new AppError(409, 'adminUserNotSuspended');
      await repo.setSuspension(trx, id, { at: null, until: null, reason: null });
      await writeAudit(trx, {
        adminId,
        action: 'user.unsuspend',
        targetType: 'user',
        targetId: id,
        reason: input.reason ?? null,
        details: { before: { suspended: true, until: row.suspended_until }, after: { suspended: false } },
      });
      return [await effects.clear(trx, [ALL]), await mail(trx, target, 'accountUnsuspended', {})];
    });
    effects.committed(events);
    return detail(id);
  }

  async function changeRole(adminId: number, id: number, input: z.infer<typeof adminRoleSchema>): Promise<AdminUserDetail> {
    await requireOther(adminId, id);
    await requireOwnPassword(adminId, input.password);
    const events = await db.transaction().execute(async (trx) => {
      await keepAnAdmin(trx, adminId, input.role === 'admin' ? null : id);
      const row = await repo.lockUser(trx, id);
      if (!row) throw notFound();
      if (row.role === input.role) throw new AppError(409, 'adminRoleUnchanged');
      await repo.setRole(trx, id, input.role);
      await writeAudit(trx, {
        adminId,
        action: 'user.role',
        targetType: 'user',
        targetId: id,
        reason: input.reason ?? null,
        details: { before: { role: row.role }, after: { role: input.role } },
      });
      return [await effects.clear(trx, roleTags(id))];
    });
    effects.committed(events);
    // Every process reads the new role before the admin's answer, not at the event's delivery.
    await invalidation.invalidateEverywhere(roleTags(id));
    return detail(id);
  }

  /** A formal warning inside the caller's transaction; the mail waits for the commit. */
  async function warnIn(trx: Trx, id: number, adminId: number, reason: string): Promise<Step> {
    const target = await repo.lockUser(trx, id);
    if (!target) throw notFound();
    const warningId = await repo.insertWarning(trx, { userId: id, adminId, reason, now: new Date().toISOString() });
    const events = [await mail(trx, target, 'accountWarning', { reason })];
    return { before: {}, after: { warningId }, afterCommit: async () => effects.committed(events) };
  }

  async function warn(adminId: number, id: number, input: z.infer<typeof adminWarnSchema>): Promise<AdminUserDetail> {
    if (!(await repo.findUser(db, id))) throw notFound();
    const step = await db.transaction().execute(async (trx) => {
      const step = await warnIn(trx, id, adminId, input.reason);
      await writeAudit(trx, { adminId, action: 'user.warn', targetType: 'user', targetId: id, reason: input.reason, details: { after: step.after } });
      return step;
    });
    await step.afterCommit();
    return detail(id);
  }

  async function addNote(adminId: number, id: number, input: z.infer<typeof adminNoteSchema>): Promise<AdminUserDetail> {
    if (!(await repo.findUser(db, id))) throw notFound();
    await db.transaction().execute(async (trx) => {
      const noteId = await repo.insertNote(trx, { userId: id, adminId, body: input.body, now: new Date().toISOString() });
      // The note's text stays in the notes; the log records that one was written.
      await writeAudit(trx, { adminId, action: 'user.note', targetType: 'user', targetId: id, details: { after: { noteId } } });
    });
    return detail(id);
  }

  async function remove(adminId: number, id: number, input: z.infer<typeof adminDeleteUserSchema>): Promise<void> {
    const target = await requireOther(adminId, id);
    await requireOwnPassword(adminId, input.password);
    // Checked before the deletion starts and again under the locks inside its transaction.
    await db.transaction().execute((trx) => keepAnAdmin(trx, adminId, id));
    const removed = await deps.auth.removeAccountById(id, async (trx) => {
      await keepAnAdmin(trx, adminId, id);
      await writeAudit(trx, {
        adminId,
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        reason: input.reason,
        // The account is gone with this; the log keeps who it was.
        details: { before: { username: target.username, email: target.email, userType: target.user_type, role: target.role } },
      });
    });
    if (!removed) throw notFound();
  }

  return { list, detail, suspend, unsuspend, changeRole, warn, addNote, remove, suspendAlong, warnIn };
}
