import type { FastifyInstance } from 'fastify';
import { availabilityCreateSchema, availabilityListQuery, availabilityOwnerQuery, availabilityUpdateSchema } from '../../../common/schemas/availability';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { requireUser } from '../auth/routes';
import { idOrSlug, numericId, slugParam } from '../listings/params';
import { authorizePost } from '../listings/policy';
import { registerAvailabilityPages } from './pages';
import { createAvailabilityService } from './service';

export async function availabilityModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createAvailabilityService(ctx.db, ctx.listCache);

  app.post('/api/artist-availability', async (request, reply) => {
    // Who may post is answered before the form is judged: a studio learns it is for artists.
    authorizePost(request.user, 'artist');
    const input = parse(availabilityCreateSchema, request.body ?? {});
    return reply.status(201).send(await service.create(request.user, input, request.lang));
  });

  app.get('/api/artist-availability', async (request) => {
    const query = request.query as Record<string, unknown>;
    if (query.artistId !== undefined) {
      const { artistId, count, limit } = parse(availabilityOwnerQuery, query);
      if (count) return { count: await service.countByArtist(request.user, artistId) };
      return service.listByArtist(request.user, artistId, limit, request.lang);
    }
    return service.listPublic(parse(availabilityListQuery, query), request.lang);
  });

  app.get('/api/artist-availability/by-slug/:slug', async (request) => {
    const { slug } = parse(slugParam, request.params);
    return service.get(request.user, { slug }, request.lang);
  });

  app.get('/api/artist-availability/:id', async (request) => service.get(request.user, idOrSlug(request.params), request.lang));

  app.put('/api/artist-availability/:id', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'availabilityNotFound');
    const input = parse(availabilityUpdateSchema, request.body ?? {});
    return service.update(request.user, id, input, request.lang);
  });

  app.delete('/api/artist-availability/:id', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'availabilityNotFound');
    await service.remove(request.user, id);
    return { success: true };
  });

  app.get('/api/artist-availability/:id/matches', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'availabilityNotFound');
    return service.matches(request.user, id, request.lang);
  });

  registerAvailabilityPages(app, service);
}
