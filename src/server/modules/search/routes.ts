import type { FastifyInstance } from 'fastify';
import { SEARCH_QUERY_MAX, searchQuerySchema } from '../../../common/schemas/search';
import { parse } from '../../errors';
import { staticHead } from '../../http/pages';
import { t } from '../../i18n';
import type { SearchService } from './service';

/** GET /api/search (public), and the head of the /search page, which no search engine should index. */
export async function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }): Promise<void> {
  app.pages.heads.set('search', async (match, { lang, request }) => {
    const raw = new URL(request.url, 'http://page.invalid').searchParams.get('q')?.trim().slice(0, SEARCH_QUERY_MAX) ?? '';
    const head = staticHead(match.id, lang);
    return { ...head, title: raw ? t(lang, 'seo:search.titleWithQuery', { query: raw }) : head.title, noindex: true };
  });
  app.pages.sharedHeads.add('search');

  app.get('', async (request) => {
    const query = parse(searchQuerySchema, request.query);
    return search.search(query, request.lang);
  });
}
