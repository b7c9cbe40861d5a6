import type { FastifyInstance } from 'fastify';
import { statisticsQuery } from '../../../common/schemas/admin-inbox';
import { parse } from '../../errors';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';
import { createStatisticsService } from './statistics-service';

/** /api/admin/statistics: weekly figures for the charts. */
export async function adminStatisticsRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const statistics = createStatisticsService({ db: opts.db });

  app.get('/statistics', { config: { input: { query: statisticsQuery } } }, async (request) => statistics.weekly(parse(statisticsQuery, request.query)));
}
