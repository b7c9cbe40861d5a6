import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** One action of an admin, as the audit log keeps it. */
export type AuditEntry = {
  adminId: number;
  /** What was done, `<area>.<verb>`: `user.suspend`, `gallery.delete`, `product.price`. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  reason?: string | null;
  /** The values the action changed, as `{before, after}`. */
  details?: Record<string, unknown> | null;
};

/**
 * Appends one entry to the audit log. Pass the action's transaction, so the entry exists exactly
 * when the action committed: a failed action rolls its entry back with it. It lives here, not in
 * a module, so any module may write one without importing the admin area.
 */
export async function writeAudit(trx: Transaction<Database> | Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('admin_audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      reason: entry.reason ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
