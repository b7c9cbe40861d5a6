import { z } from 'zod';
import { ROLES, USER_TYPES, type Role, type UserType } from '../constants';
import { adminCursor } from './admin';
import type { AdminAuditEntry } from './admin';
import { pathId } from './ids';

/** Calls of the admin area's user management: /api/admin/users. */

export const ADMIN_USER_REASON_MIN = 5;
export const ADMIN_USER_REASON_MAX = 500;
export const ADMIN_NOTE_MAX = 2000;
/** Rows per page of the user list. */
export const ADMIN_USERS_PAGE_SIZE = 50;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A reason the user may be told (suspension, warning) or the audit log keeps: 5 to 500 characters. */
export const adminUserReason = z
  .string('adminReasonRequired')
  .trim()
  .min(1, 'adminReasonRequired')
  .min(ADMIN_USER_REASON_MIN, 'adminUserReasonTooShort')
  .max(ADMIN_USER_REASON_MAX, 'adminReasonTooLong');

/** The acting admin's own password, asked again before a role change or a deletion. */
const adminPassword = z.string('adminPasswordRequired').min(1, 'adminPasswordRequired').max(1024, 'tooLong');

export const ADMIN_USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** GET /api/admin/users: a search over username, name and email, and filters; newest first. */
export const adminUsersQuery = z.object({
  q: z.preprocess(emptyToUndefined, z.string('filterInvalid').trim().max(100, 'filterInvalid').optional()),
  userType: z.preprocess(emptyToUndefined, z.enum(USER_TYPES, 'filterInvalid').optional()),
  role: z.preprocess(emptyToUndefined, z.enum(ROLES, 'filterInvalid').optional()),
  status: z.preprocess(emptyToUndefined, z.enum(ADMIN_USER_STATUSES, 'filterInvalid').optional()),
  cursor: adminCursor,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserParams = z.object({ id: pathId('validation', 'adminUserNotFound') });

/** POST /api/admin/users/{id}/suspend: `until` (ISO date-time, in the future) or open-ended. */
export const adminSuspendSchema = z.object({
  reason: adminUserReason,
  until: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, message: 'adminSuspendUntilInvalid' }).optional()),
});
export type AdminSuspendInput = z.input<typeof adminSuspendSchema>;

/** POST /api/admin/users/{id}/unsuspend: the reason is optional. */
export const adminUnsuspendSchema = z.object({
  reason: z.preprocess(emptyToUndefined, adminUserReason.optional()),
});

/** POST /api/admin/users/{id}/role. */
export const adminRoleSchema = z.object({
  role: z.enum(ROLES, 'adminRoleInvalid'),
  password: adminPassword,
  reason: z.preprocess(emptyToUndefined, adminUserReason.optional()),
});
export type AdminRoleInput = z.input<typeof adminRoleSchema>;

/** POST /api/admin/users/{id}/warn: the reason is mailed to the user. */
export const adminWarnSchema = z.object({ reason: adminUserReason });

/** POST /api/admin/users/{id}/notes: for the team only. */
export const adminNoteSchema = z.object({
  body: z.string('adminNoteRequired').trim().min(1, 'adminNoteRequired').max(ADMIN_NOTE_MAX, 'adminNoteTooLong'),
});

/** DELETE /api/admin/users/{id}. */
export const adminDeleteUserSchema = z.object({ reason: adminUserReason, password: adminPassword });
export type AdminDeleteUserInput = z.input<typeof adminDeleteUserSchema>;

export interface AdminSuspension {
  at: string;
  /** Null: until an admin lifts it. */
  until: string | null;
  reason: string | null;
}

export interface AdminUserListItem {
  id: number;
  username: string;
  name: string;
  email: string;
  userType: UserType;
  role: Role;
  createdAt: string;
  lastActiveAt: string | null;
  /** Set while a suspension holds. */
  suspension: AdminSuspension | null;
}

export interface AdminUsersPage {
  users: AdminUserListItem[];
  nextCursor: string | null;
}

export interface AdminUserCounts {
  listings: number;
  galleryImages: number;
  reviewsWritten: number;
  reviewsReceived: number;
  messagesSent: number;
  reportsAgainst: number;
  warnings: number;
}

export interface AdminUserWarning {
  id: number;
  reason: string;
  admin: { id: number; username: string } | null;
  createdAt: string;
}

export interface AdminUserNote {
  id: number;
  body: string;
  admin: { id: number; username: string } | null;
  createdAt: string;
}

/** GET /api/admin/users/{id}. */
export interface AdminUserDetail extends AdminUserListItem {
  counts: AdminUserCounts;
  warnings: AdminUserWarning[];
  notes: AdminUserNote[];
  /** The newest audit entries about the user. */
  audit: AdminAuditEntry[];
}
