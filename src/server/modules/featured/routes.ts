import type { FastifyInstance } from 'fastify';
import { featuredQuerySchema } from '../../../common/schemas/featured';
import { parse } from '../../errors';
import type { FeaturedService } from './service';

/** /api/featured. */
export async function featuredRoutes(app: FastifyInstance, { featured }: { featured: FeaturedService }): Promise<void> {
  app.get('/artists', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    return { success: true, artists: await featured.artists(limit, request.lang) };
  });
  app.get('/studios', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    return { success: true, studios: await featured.studios(limit, request.lang) };
  });
}
