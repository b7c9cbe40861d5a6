import type { FastifyInstance } from 'fastify';
import { artistListQuery } from '../../../common/schemas/artists';
import { parse } from '../../errors';
import { registerArtistPages } from './pages';
import type { ArtistService } from './service';

/** /api/artists: the artist listing, and its page heads. */
export async function artistRoutes(app: FastifyInstance, { artists }: { artists: ArtistService }): Promise<void> {
  app.get('', async (request) => artists.list(parse(artistListQuery, request.query), request.lang));

  registerArtistPages(app, artists);
}
