import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguage, type Language } from '../../../common/languages';
import { text } from '../../../common/text';
import { parse } from '../../errors';
import type { ReferenceService } from './service';

export const CITY_SEARCH_DEFAULT_LIMIT = 20;
export const CITY_SEARCH_MAX_LIMIT = 100;

const citiesParams = z.object({ code: z.string().regex(/^[A-Za-z]{2}$/) });
const citiesQuery = z.object({
  q: text().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(CITY_SEARCH_MAX_LIMIT).default(CITY_SEARCH_DEFAULT_LIMIT),
});

/** The request's language, unless `?lang=` names a supported one (links to a fixed language). */
function languageOf(request: FastifyRequest): Language {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return isLanguage(lang) ? lang : request.lang;
}

/** Answers depend on the language headers, so shared caches must keep one copy per language. */
function cacheFor(reply: FastifyReply, cacheControl: string): void {
  reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Language, X-Language');
}

/** If-None-Match compares weakly (RFC 9110 13.1.2), and may list several tags or "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The location picker's whole data as one file at the site's root (the legacy front end's address). */
export async function locationFileRoutes(app: FastifyInstance, { reference }: { reference: ReferenceService }): Promise<void> {
  app.get('/countries-cities-completed.json', async (request, reply) => {
    const { body, etag } = await reference.countriesWithCities(languageOf(request));
    cacheFor(reply, 'public, max-age=86400');
    reply.header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

/** /api: styles (under the addresses the legacy forms asked), countries and city search. */
export async function referenceRoutes(app: FastifyInstance, { reference }: { reference: ReferenceService }): Promise<void> {
  const styles = async (request: FastifyRequest, reply: FastifyReply) => {
    cacheFor(reply, 'private, max-age=3600');
    return reference.styles(languageOf(request));
  };
  app.get('/styles', styles);
  app.get('/gallery/styles', styles);
  for (const path of ['/users/styles', '/users-fixed/styles']) {
    app.get(path, async (request, reply) => ({ success: true, styles: await styles(request, reply) }));
  }

  app.get('/countries', async (request, reply) => {
    cacheFor(reply, 'private, max-age=3600');
    return reference.countries(languageOf(request));
  });

  app.get('/countries/:code/cities', async (request, reply) => {
    const { code } = parse(citiesParams, request.params);
    const { q, limit } = parse(citiesQuery, request.query);
    const cities = await reference.searchCities(code, q, limit);
    cacheFor(reply, 'private, max-age=3600');
    return cities;
  });
}
