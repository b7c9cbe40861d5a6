import type { AdminAuditEntry } from '../../../common/schemas/admin';
import { isDbId } from '../../../common/schemas/ids';
import { AppError } from '../../errors';
import type { AuditCursor, AuditRow } from './audit-repo';

/** An entry as the audit log's answer carries it; `details` parsed back from its JSON. */
export function presentAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    admin: row.admin_id !== null && row.admin_username !== null ? { id: row.admin_id, username: row.admin_username } : null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: parseDetails(row.details),
    createdAt: row.created_at,
  };
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    // Written by writeAudit, so always JSON; a row from elsewhere still shows what it holds.
    return { value: text };
  }
}

// The cursor is opaque to the client: base64url of "<createdAt>|<id>", so it fits `?cursor=`.
export function encodeAuditCursor(row: { created_at: string; id: number }): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

/** The cursor back as a position; anything this server did not hand out answers 400. */
export function decodeAuditCursor(cursor: string): AuditCursor {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const n = Number(id);
  if (rest.length > 0 || !createdAt || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) || !isDbId(n)) {
    throw new AppError(400, 'cursorInvalid');
  }
  return { createdAt, id: n };
}
