import { z } from 'zod';
import { MAX_ID } from './ids';

/** Answers of the admin area's own calls (the gate, the dashboard, the audit log). */

/**
 * The admin area's sections, as the second part of their path (/admin/users); the dashboard is
 * /admin itself. The server sends other /admin/... paths to /admin, and the app does too.
 */
export const ADMIN_SECTION_IDS = ['users', 'gallery', 'reports', 'premium', 'featured', 'instagram', 'city-import', 'statistics', 'contact', 'verification'] as const;
export type AdminSectionId = (typeof ADMIN_SECTION_IDS)[number];

/** The page an admin path shows: a section with its optional item, or null when it is none (then /admin). */
export function adminPathTarget(path: string): { section: AdminSectionId | ''; id?: string } | 'notAuthorized' | null {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'admin' || parts.length > 3) return null;
  if (parts.length === 1) return { section: '' };
  if (parts[1] === 'not-authorized') return parts.length === 2 ? 'notAuthorized' : null;
  const section = ADMIN_SECTION_IDS.find((id) => id === parts[1]);
  if (!section) return null;
  return parts[2] === undefined ? { section } : { section, id: parts[2] };
}

/** The longest reason an admin writes for an action. */
export const ADMIN_REASON_MAX = 500;

/** A reason an admin gives for an action: required, trimmed, at most 500 characters. */
export const adminReason = z.string('adminReasonRequired').trim().min(1, 'adminReasonRequired').max(ADMIN_REASON_MAX, 'adminReasonTooLong');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An opaque cursor of the admin lists, as `?cursor=` carries it. */
export const adminCursor = z.preprocess(
  emptyToUndefined,
  z.string('cursorInvalid').max(200, 'cursorInvalid').regex(/^[A-Za-z0-9_-]+$/, 'cursorInvalid').optional(),
);

/** An action name as the audit log writes it: `user.suspend`, `product.price`. */
const ACTION = /^[a-z_]+(\.[a-z_]+)*$/;

/** GET /api/admin/audit-log: every filter optional, a list of the newest 50 by default. */
export const auditLogQuery = z.object({
  adminId: z.preprocess(emptyToUndefined, z.coerce.number('filterInvalid').int('filterInvalid').positive('filterInvalid').max(MAX_ID, 'filterInvalid').optional()),
  action: z.preprocess(emptyToUndefined, z.string('filterInvalid').trim().max(60, 'filterInvalid').regex(ACTION, 'filterInvalid').optional()),
  targetType: z.preprocess(emptyToUndefined, z.string('filterInvalid').trim().max(40, 'filterInvalid').regex(/^[a-z_]+$/, 'filterInvalid').optional()),
  targetId: z.preprocess(emptyToUndefined, z.string('filterInvalid').trim().max(100, 'filterInvalid').optional()),
  cursor: adminCursor,
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export interface AdminAuditEntry {
  id: number;
  /** Null once the acting admin's account is deleted. */
  admin: { id: number; username: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  /** The changed values, `{before, after}`. */
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  nextCursor: string | null;
}

/** GET /api/admin/summary: the work waiting, for the sidebar's badges and the dashboard's cards. */
export interface AdminSummary {
  openReports: number;
  imagesToReview: number;
  newContactMessages: number;
  promotionsDue: number;
  featuredEndingSoon: number;
}

/** GET /api/admin/registrations: accounts made on each of the last 7 days (Europe/Berlin), oldest first. */
export interface AdminRegistrationDay {
  /** yyyy-mm-dd. */
  date: string;
  artist: number;
  studio: number;
}
