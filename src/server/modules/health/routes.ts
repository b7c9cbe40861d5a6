import type { FastifyInstance, FastifyReply } from 'fastify';
import { NO_INPUT } from '../../http/route-table';
import type { HealthService } from './service';

/**
 * /api/health/live, /api/health/ready and /api/health (readiness, as before). GET and HEAD
 * only; a query string is ignored, since balancers and monitors sometimes add one. The answers
 * name the checks and nothing else (no causes, no versions): they are public.
 */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }): Promise<void> {
  // Balancers ask every second or two: their requests are not worth a log line each.
  const quiet = { logLevel: 'warn' as const, config: { input: NO_INPUT } };

  app.get('/live', quiet, async () => ({ status: 'ok' }));

  const ready = async (_request: unknown, reply: FastifyReply) => {
    const { ready, checks } = await health.ready();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  };
  app.get('', quiet, ready);
  app.get('/ready', quiet, ready);
}
