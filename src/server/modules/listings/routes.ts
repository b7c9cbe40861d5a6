import type { FastifyInstance } from 'fastify';
import { publicListQuery } from '../../../common/schemas/listing-fields';
import { requireUser } from '../../http/auth';
import { parse } from '../../errors';
import { ownerQueryKey } from './kind';
import { idOrSlug, numericId, slugParam } from './params';
import { registerListingPages } from './pages';
import { authorizePost } from './policy';
import type { ListingService } from './service';

/**
 * The API of one listing kind under its prefix (`/api/guest-spots`, `/api/artist-availability`),
 * and its page heads. Routes parse, call the service and answer; the rules are the service's.
 */
export async function listingRoutes(app: FastifyInstance, { listings }: { listings: ListingService }): Promise<void> {
  const { kind } = listings;
  const ownerKey = ownerQueryKey(kind);

  app.post('', async (request, reply) => {
    // Who may post is answered before the form is judged: an artist learns spots are for studios.
    authorizePost(request.user, kind.owner);
    const input = parse(kind.schemas.create, request.body ?? {});
    return reply.status(201).send(await listings.create(request.user, input, request.lang));
  });

  app.get('', async (request) => {
    const query = request.query as Record<string, unknown>;
    if (query[ownerKey] !== undefined) {
      const { [ownerKey]: ownerId, count, limit } = parse(kind.schemas.ownerQuery, query);
      if (count) return { count: await listings.countByOwner(request.user, ownerId as number) };
      return listings.listByOwner(request.user, ownerId as number, limit, request.lang);
    }
    return listings.listPublic(parse(publicListQuery, query), request.lang, request.user);
  });

  app.get('/by-slug/:slug', async (request) => {
    const { slug } = parse(slugParam, request.params);
    return listings.get(request.user, { slug }, request.lang);
  });

  app.get('/:id', async (request) => listings.get(request.user, idOrSlug(request.params), request.lang));

  app.put('/:id', { preHandler: requireUser }, async (request) => {
    const id = numericId(request.params, kind.notFoundCode);
    const input = parse(kind.schemas.update, request.body ?? {});
    return listings.update(request.user, id, input, request.lang);
  });

  app.delete('/:id', { preHandler: requireUser }, async (request) => {
    await listings.remove(request.user, numericId(request.params, kind.notFoundCode));
    return { success: true };
  });

  app.get('/:id/matches', { preHandler: requireUser }, async (request) => listings.matches(request.user, numericId(request.params, kind.notFoundCode), request.lang));

  registerListingPages(app, listings);
}
