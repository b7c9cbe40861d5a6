import type { FastifyInstance } from 'fastify';
import { featuredQuerySchema } from '../../../common/schemas/featured';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { listFeatured } from './service';

export async function featuredModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The home page asks for these on every visit and they are the same for everyone: answered
  // from the list cache, which any write clears (a profile edit, a purchase).
  app.get('/api/featured/artists', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    const artists = await ctx.listCache.get(`featured:artist:${limit}:${request.lang}`, () => listFeatured(ctx.db, 'artist', limit, request.lang));
    return { success: true, artists };
  });
  app.get('/api/featured/studios', async (request) => {
    const { limit } = parse(featuredQuerySchema, request.query);
    const studios = await ctx.listCache.get(`featured:studio:${limit}:${request.lang}`, () => listFeatured(ctx.db, 'studio', limit, request.lang));
    return { success: true, studios };
  });
}
