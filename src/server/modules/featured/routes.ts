import type { FastifyInstance } from 'fastify';
import { featuredQuerySchema } from '../../../common/schemas/featured';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { listFeatured } from './service';

export async function featuredModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/featured/artists', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    return { success: true, artists: await listFeatured(ctx.db, 'artist', limit, request.lang) };
  });
  app.get('/api/featured/studios', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    return { success: true, studios: await listFeatured(ctx.db, 'studio', limit, request.lang) };
  });
}
