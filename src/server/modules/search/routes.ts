import type { FastifyInstance } from 'fastify';
import { SEARCH_QUERY_MAX, searchQuerySchema } from '../../../common/schemas/search';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { parse } from '../../errors';
import { sendAnswer } from '../../http/answers';
import { tags } from '../../lib/answer-cache/index';
import { staticHead } from '../../http/pages';
import { t } from '../../i18n';
import type { SearchService } from './service';

const SEARCH_TAGS = [tags.artists, tags.listings('guest-spots'), tags.listings('availabilities'), tags.forum];

/** GET /api/search (public), and the head of the /search page, which no search engine should index. */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }): Promise<void> {
  app.pages.heads.set('search', async (match, { lang, request }) => {
    const raw = new URL(request.url, 'http://page.invalid').searchParams.get('q')?.trim().slice(0, SEARCH_QUERY_MAX) ?? '';
    const head = staticHead(match.id, lang);
    return { ...head, title: raw ? t(lang, 'seo:search.titleWithQuery', { query: raw }) : head.title, noindex: true };
  });
  app.pages.sharedHeads.add('search');

  // Kept as bytes per query and language for the day (what is current moves at midnight), under
  // the tags of every kind it finds, so a profile, listing or forum write clears it.
  app.get('', { compress: false, config: { input: { query: searchQuerySchema } } }, async (request, reply) => {
    const query = parse(searchQuerySchema, request.query);
    const stored = await app.ctx.answers.get(`search:${todayInBerlin()}:${request.lang}:${JSON.stringify(query)}`, SEARCH_TAGS, async () => {
      const answer = await search.search(query, request.lang);
      return { body: JSON.stringify(answer), tags: answer.results.filter((r) => r.type === 'profiles').map((r) => tags.user(r.id)) };
    });
    return sendAnswer(request, reply, stored);
  });
}
