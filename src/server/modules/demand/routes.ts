import type { FastifyInstance } from 'fastify';
import { requireUser, userOf } from '../../http/auth';
import { NO_INPUT } from '../../http/route-table';
import type { DemandService } from './service';

export interface DemandRoutesOptions {
  demand: DemandService;
}

/** GET /api/demand: the logged-in artist's or studio's own demand; visitors 401, staff 403. */
export async function demandRoutes(app: FastifyInstance, { demand }: DemandRoutesOptions): Promise<void> {
  app.get('/demand', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => demand.demand(userOf(request), request.lang));
}
