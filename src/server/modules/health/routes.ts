import type { FastifyInstance } from 'fastify';
import type { HealthService } from './service';

/** /api/health. */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }): Promise<void> {
  app.get('', async (_request, reply) => {
    const ok = await health.ok();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
