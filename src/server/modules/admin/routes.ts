import type { FastifyInstance } from 'fastify';
import { splitLanguage, withLanguage } from '../../../common/languages';
import { adminPathTarget, auditLogQuery } from '../../../common/schemas/admin';
import { parse } from '../../errors';
import { listAudit } from './audit-repo';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';
import { readRegistrations, readSummary } from './summary-repo';
import { adminCityImportRoutes } from './city-import-routes';
import { adminContactRoutes } from './contact-routes';
import { adminFeaturedRoutes } from './featured-routes';
import { adminGalleryRoutes } from './gallery-routes';
import { adminInstagramRoutes } from './instagram-routes';
import { adminPremiumRoutes } from './premium-routes';
import { adminReportRoutes } from './reports-routes';
import { adminStatisticsRoutes } from './statistics-routes';
import { adminUserRoutes } from './users-routes';
import { decodeAuditCursor, encodeAuditCursor, presentAuditEntry } from './audit-presenter';
import { NO_INPUT } from '../../http/route-table';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * /api/admin: the gate's check, the dashboard's summary and registrations, the audit log, and
 * each area's plugin. The guard is added here before anything is registered, so it covers every
 * route below, the areas' too, even one whose plugin forgot its own hook; the guard checks a
 * request once however many scopes add it.
 */
export async function adminRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const { db } = opts;

  // An /admin/... address that names no section leads to the dashboard, as the app's own
  // navigation does; temporary, since a later section may take the name.
  app.pages.redirects.push((pathname, { lang }) => {
    const { path } = splitLanguage(pathname);
    if (path !== '/admin' && !path.startsWith('/admin/')) return null;
    return adminPathTarget(path) === null ? { location: withLanguage('/admin', lang), temporary: true } : null;
  });

  app.get('/check', { config: { input: NO_INPUT } }, async () => ({ success: true }));

  app.get('/summary', { config: { input: NO_INPUT } }, async () => readSummary(db, new Date()));

  app.get('/registrations', { config: { input: NO_INPUT } }, async () => ({ days: await readRegistrations(db, new Date()) }));

  app.get('/audit-log', { config: { input: { query: auditLogQuery } } }, async (request) => {
    const { cursor, ...filters } = parse(auditLogQuery, request.query);
    const after = cursor === undefined ? undefined : decodeAuditCursor(cursor);
    const rows = await listAudit(db, filters, after, AUDIT_PAGE_SIZE + 1);
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      entries: page.map(presentAuditEntry),
      nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeAuditCursor(last) : null,
    };
  });

  const areas = [
    adminUserRoutes,
    adminGalleryRoutes,
    adminReportRoutes,
    adminPremiumRoutes,
    adminFeaturedRoutes,
    adminInstagramRoutes,
    adminContactRoutes,
    adminStatisticsRoutes,
    adminCityImportRoutes,
  ];
  // Only the admin options: `opts` also carries this plugin's own prefix, which would be added twice.
  const areaOpts: AdminRouteOptions = { db: opts.db, ctx: opts.ctx, services: opts.services };
  for (const area of areas) await app.register(area, areaOpts);
}
