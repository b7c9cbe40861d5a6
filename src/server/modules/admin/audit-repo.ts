import type { Db } from '../../db/index';

export interface AuditFilters {
  adminId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
}

/** Where the previous page ended: its last entry's time and id. */
export interface AuditCursor {
  createdAt: string;
  id: number;
}

/** The log newest first, narrowed by the filters, from after `cursor`; `limit` rows at most. */
export async function listAudit(db: Db, filters: AuditFilters, cursor: AuditCursor | undefined, limit: number) {
  let query = db
    .selectFrom('admin_audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.admin_id')
    .select(['l.id', 'l.admin_id', 'u.username as admin_username', 'l.action', 'l.target_type', 'l.target_id', 'l.reason', 'l.details', 'l.created_at']);
  if (filters.adminId !== undefined) query = query.where('l.admin_id', '=', filters.adminId);
  if (filters.action !== undefined) query = query.where('l.action', '=', filters.action);
  if (filters.targetType !== undefined) query = query.where('l.target_type', '=', filters.targetType);
  if (filters.targetId !== undefined) query = query.where('l.target_id', '=', filters.targetId);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([eb('l.created_at', '<', cursor.createdAt), eb.and([eb('l.created_at', '=', cursor.createdAt), eb('l.id', '<', cursor.id)])]),
    );
  }
  return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number];
