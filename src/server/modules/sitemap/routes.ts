import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { matchesEtag } from '../../http/answers';
import type { SitemapService } from './service';
import { NO_INPUT } from '../../http/route-table';

/** A sitemap file's name as the index links it (`{source}-{n}.xml`); the service looks it up. */
const sitemapFileParams = z.object({ file: z.string() });

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep a file an hour; after that the ETag makes a repeat cheap. */
const CACHE = 'public, max-age=3600';

function validated(request: FastifyRequest, reply: FastifyReply, etag: string, type: string): boolean {
  reply.header('Cache-Control', CACHE).header('ETag', etag).type(type);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}

/** /sitemap.xml, /sitemaps/{source}-{n}.xml and /robots.txt, at the site's root. */
export async function sitemapRoutes(app: FastifyInstance, { sitemap }: { sitemap: SitemapService }): Promise<void> {
  app.get('/sitemap.xml', { config: { input: NO_INPUT } }, async (request, reply) => {
    const { body, etag } = await sitemap.index();
    if (validated(request, reply, etag, XML)) return reply;
    return reply.send(body);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { config: { input: { params: sitemapFileParams } } }, async (request, reply) => {
    const file = await sitemap.file(request.params.file);
    if (!file) return reply.callNotFound();
    if (validated(request, reply, file.etag, XML)) return reply;
    return reply.send(Readable.from(file.chunks()));
  });

  app.get('/robots.txt', { config: { input: NO_INPUT } }, async (_request, reply) => {
    return reply.header('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(sitemap.robots());
  });
}
