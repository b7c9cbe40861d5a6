/**
 * The admin area's public face: its plugin, the guard every admin call sits behind (other
 * modules' moderation calls use it too) and the audit log's writer. The rest of the server
 * imports only this file.
 */
export { adminRoutes } from './routes';
export { requireAdmin } from './guard';
export { writeAudit, type AuditEntry } from './audit';
export type { AdminRouteOptions } from './options';
