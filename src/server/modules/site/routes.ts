import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { operatorWarning, presentSite } from './presenter';

export async function siteModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const warning = operatorWarning(ctx.config);
  if (warning) app.log.warn(warning);

  // The settings change only with a restart, and the answer is the same for every visitor.
  const site = presentSite(ctx.config);
  app.get('/api/site', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return site;
  });
}
