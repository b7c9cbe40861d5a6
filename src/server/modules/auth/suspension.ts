/** The suspension columns of a user row (migration 2026-11-27-001). */
export interface SuspensionColumns {
  suspended_at: string | null;
  suspended_until: string | null;
}

/**
 * Whether a suspension holds at `now`: set, and either open-ended or not yet over. A suspension
 * whose end has passed is over without any write, so nothing has to run at that moment.
 */
export function isSuspended(row: SuspensionColumns, now = Date.now()): boolean {
  return row.suspended_at !== null && (row.suspended_until === null || Date.parse(row.suspended_until) > now);
}
