import type { FastifyInstance, FastifyReply } from 'fastify';
import { locationSearchQuery, nearestLocationQuery } from '../../../common/schemas/locations';
import { parse } from '../../errors';
import type { LocationService } from './service';

/**
 * Cities change only by an admin's import: a browser may keep an answer for a while. Answers are
 * named in the request's language, so caches keep one copy per language.
 */
function cacheFor(reply: FastifyReply): void {
  reply.header('Cache-Control', 'private, max-age=3600').header('Vary', 'Accept-Language, X-Language');
}

/** /api/locations: the type-ahead's search and the geo lookup, public. */
export async function locationRoutes(app: FastifyInstance, { locations }: { locations: LocationService }): Promise<void> {
  app.get('/search', { config: { input: { query: locationSearchQuery } } }, async (request, reply) => {
    const query = parse(locationSearchQuery, request.query);
    cacheFor(reply);
    return locations.search(query, request.lang);
  });

  app.get('/nearest', { config: { input: { query: nearestLocationQuery } } }, async (request, reply) => {
    const query = parse(nearestLocationQuery, request.query);
    cacheFor(reply);
    return locations.nearest(query, request.lang);
  });
}
