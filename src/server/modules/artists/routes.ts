import type { FastifyInstance } from 'fastify';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { tags } from '../../lib/answer-cache/index';
import { artistListQuery, studioListQuery } from '../../../common/schemas/artists';
import { parse } from '../../errors';
import { sendAnswer } from '../../http/answers';
import { registerArtistPages, registerStudioPages } from './pages';
import { STUDIO_TAGS, type ArtistService } from './service';

/** /api/artists: the artist listing (the same for everyone, sent as stored bytes), and its page heads. */
export async function artistRoutes(app: FastifyInstance, { artists }: { artists: ArtistService }): Promise<void> {
  app.get('', { config: { input: { query: artistListQuery } }, compress: false }, async (request, reply) => {
    const query = parse(artistListQuery, request.query);
    const lang = request.lang;
    // The object cache files the page under the artist list and each artist shown; so do the bytes.
    const stored = await app.ctx.answers.get(`artists:${todayInBerlin()}:${lang}:${JSON.stringify(query)}`, [tags.artists], async () => {
      const page = await artists.list(query, lang);
      return { body: JSON.stringify(page), tags: page.items.map((a) => tags.user(a.id)) };
    });
    return sendAnswer(request, reply, stored);
  });

  registerArtistPages(app, artists);
}

/** /api/studios: the studio listing, built as the artist listing, and its page heads. */
export async function studioRoutes(app: FastifyInstance, { artists }: { artists: ArtistService }): Promise<void> {
  app.get('', { config: { input: { query: studioListQuery } }, compress: false }, async (request, reply) => {
    const query = parse(studioListQuery, request.query);
    const lang = request.lang;
    const stored = await app.ctx.answers.get(`studios:${todayInBerlin()}:${lang}:${JSON.stringify(query)}`, STUDIO_TAGS, async () => {
      const page = await artists.listStudios(query, lang);
      return { body: JSON.stringify(page), tags: page.items.map((s) => tags.user(s.id)) };
    });
    return sendAnswer(request, reply, stored);
  });

  registerStudioPages(app, artists);
}
