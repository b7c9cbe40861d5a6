import type { FastifyInstance } from 'fastify';
import { guestSpotCreateSchema, guestSpotListQuery, guestSpotOwnerQuery, guestSpotUpdateSchema } from '../../../common/schemas/guest-spots';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { requireUser } from '../auth/routes';
import { idOrSlug, numericId, slugParam } from '../listings/params';
import { authorizePost } from '../listings/policy';
import { registerGuestSpotPages } from './pages';
import { createGuestSpotService } from './service';

export async function guestSpotsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createGuestSpotService(ctx.db, ctx.listCache);

  app.post('/api/guest-spots', async (request, reply) => {
    // Who may post is answered before the form is judged: an artist learns it is for studios.
    authorizePost(request.user, 'studio');
    const input = parse(guestSpotCreateSchema, request.body ?? {});
    return reply.status(201).send(await service.create(request.user, input, request.lang));
  });

  app.get('/api/guest-spots', async (request) => {
    const query = request.query as Record<string, unknown>;
    if (query.studioId !== undefined) {
      const { studioId, count, limit } = parse(guestSpotOwnerQuery, query);
      if (count) return { count: await service.countByStudio(request.user, studioId) };
      return service.listByStudio(request.user, studioId, limit, request.lang);
    }
    return service.listPublic(parse(guestSpotListQuery, query), request.lang);
  });

  app.get('/api/guest-spots/by-slug/:slug', async (request) => {
    const { slug } = parse(slugParam, request.params);
    return service.get(request.user, { slug }, request.lang);
  });

  app.get('/api/guest-spots/:id', async (request) => service.get(request.user, idOrSlug(request.params), request.lang));

  app.put('/api/guest-spots/:id', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'guestSpotNotFound');
    const input = parse(guestSpotUpdateSchema, request.body ?? {});
    return service.update(request.user, id, input, request.lang);
  });

  app.delete('/api/guest-spots/:id', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'guestSpotNotFound');
    await service.remove(request.user, id);
    return { success: true };
  });

  app.get('/api/guest-spots/:id/matches', async (request) => {
    requireUser(request);
    const id = numericId(request.params, 'guestSpotNotFound');
    return service.matches(request.user, id, request.lang);
  });

  registerGuestSpotPages(app, service);
}
