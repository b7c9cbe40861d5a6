import type { FastifyInstance } from 'fastify';
import { todayUtc } from '../../../common/schemas/listing-fields';
import { tags } from '../../lib/answer-cache/index';
import { artistListQuery } from '../../../common/schemas/artists';
import { parse } from '../../errors';
import { sendAnswer } from '../../http/answers';
import { registerArtistPages } from './pages';
import type { ArtistService } from './service';

/** /api/artists: the artist listing (the same for everyone, sent as stored bytes), and its page heads. */
export async function artistRoutes(app: FastifyInstance, { artists }: { artists: ArtistService }): Promise<void> {
  app.get('', { compress: false }, async (request, reply) => {
    const query = parse(artistListQuery, request.query);
    const lang = request.lang;
    // The object cache files the page under the artist list and each artist shown; so do the bytes.
    const stored = await app.ctx.answers.get(`artists:${todayUtc()}:${lang}:${JSON.stringify(query)}`, [tags.artists], async () => {
      const page = await artists.list(query, lang);
      return { body: JSON.stringify(page), tags: page.items.map((a) => tags.user(a.id)) };
    });
    return sendAnswer(request, reply, stored);
  });

  registerArtistPages(app, artists);
}
