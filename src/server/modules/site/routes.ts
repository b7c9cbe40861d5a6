import type { FastifyInstance } from 'fastify';
import type { SiteService } from './service';
import { NO_INPUT } from '../../http/route-table';

/** /api/site. */
export async function siteRoutes(app: FastifyInstance, { site }: { site: SiteService }): Promise<void> {
  const warning = site.warning();
  if (warning) app.log.warn(warning);

  // The answer is the same for every visitor until a restart.
  app.get('', { config: { input: NO_INPUT } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return site.info();
  });
}
