import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguage, type Language } from '../../../common/languages';
import { text } from '../../../common/text';
import { parse } from '../../errors';
import { matchesEtag, sendAnswer } from '../../http/answers';
import { tags } from '../../lib/answer-cache/index';
import type { ReferenceService } from './service';
import { NO_INPUT } from '../../http/route-table';

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

/** The location picker's whole data as one file at the site's root (the legacy front end's address). */
export async function locationFileRoutes(app: FastifyInstance, { reference }: { reference: ReferenceService }): Promise<void> {
  app.get('/countries-cities-completed.json', { config: { input: NO_INPUT } }, async (request, reply) => {
    const { body, etag } = await reference.countriesWithCities(languageOf(request));
    cacheFor(reply, 'public, max-age=86400');
    reply.header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

/**
 * /api: styles (under the addresses the legacy forms asked), countries and city search, sent as
 * stored bytes: reference data is the same for everyone and changes with a deployment only.
 */
export async function referenceRoutes(app: FastifyInstance, { reference }: { reference: ReferenceService }): Promise<void> {
  const { answers } = app.ctx;
  const send = async (request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) => {
    const stored = await answers.get(key, [tags.reference], async () => JSON.stringify(await load()));
    return sendAnswer(request, reply, stored, REFERENCE_CACHE);
  };
  for (const path of ['/styles', '/gallery/styles']) {
    app.get(path, { config: { input: NO_INPUT }, compress: false }, (request, reply) => {
      const lang = languageOf(request);
      return send(request, reply, `styles:${lang}`, () => reference.styles(lang));
    });
  }
  for (const path of ['/users/styles', '/users-fixed/styles']) {
    app.get(path, { config: { input: NO_INPUT }, compress: false }, (request, reply) => {
      const lang = languageOf(request);
      return send(request, reply, `styles:wrapped:${lang}`, async () => ({ success: true, styles: await reference.styles(lang) }));
    });
  }

  app.get('/countries', { config: { input: NO_INPUT }, compress: false }, (request, reply) => {
    const lang = languageOf(request);
    return send(request, reply, `countries:${lang}`, () => reference.countries(lang));
  });

  app.get('/countries/:code/cities', { config: { input: { params: citiesParams, query: citiesQuery } }, compress: false }, (request, reply) => {
    const { code } = parse(citiesParams, request.params);
    const { q, limit } = parse(citiesQuery, request.query);
    const lang = languageOf(request);
    // Names are answered in the request's language, so the language is part of the key.
    return send(request, reply, `cities:${lang}:${code.toUpperCase()}:${limit}:${q}`, () => reference.searchCities(code, q, limit, lang));
  });
}

/** Reference data may be kept an hour by the browser (it changes with a deployment only). */
const REFERENCE_CACHE = 'private, max-age=3600';
