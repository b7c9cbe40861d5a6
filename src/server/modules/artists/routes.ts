import type { FastifyInstance } from 'fastify';
import { artistListQuery } from '../../../common/schemas/artists';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { registerArtistPages } from './pages';
import { createArtistService } from './service';

export async function artistsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createArtistService(ctx.db, ctx.listCache);

  app.get('/api/artists', async (request) => service.list(parse(artistListQuery, request.query), request.lang));

  registerArtistPages(app, service);
}
