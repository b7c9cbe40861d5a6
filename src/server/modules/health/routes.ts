import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { pingDb } from '../../db/index';

export async function healthModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const ok = await pingDb(ctx.db);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
