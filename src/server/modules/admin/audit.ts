/**
 * The audit log as the admin area's files use it. The insert itself lives in src/server/db so
 * that any module (a listing deleted by an admin from its own page) can write an entry without
 * importing the admin module.
 */
export { writeAudit, type AuditEntry } from '../../db/audit-log';
