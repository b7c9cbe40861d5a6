import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pathTo } from '../../../common/routes';
import { savedSearchCreateSchema, savedSearchIdParams, savedSearchUpdateSchema } from '../../../common/schemas/saved-searches';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { NO_INPUT } from '../../http/route-table';
import type { SavedSearchService } from './service';

// Any malformed token answers the same 400 as a forged one.
const tokenParams = z.object({ token: z.string('unsubscribeTokenInvalid').min(1, 'unsubscribeTokenInvalid').max(300, 'unsubscribeTokenInvalid') });

/**
 * The digest's one-click unsubscribe, without a session: the signed token is the authority.
 * Mail clients POST the RFC 8058 form from their own servers; its body says nothing the path
 * does not, so it is accepted and not read.
 */
async function unsubscribeRoutes(app: FastifyInstance, { savedSearches }: { savedSearches: SavedSearchService }): Promise<void> {
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string' }, (_request, _body, done) => done(null, null));

  app.post('/:token', { config: { input: { params: tokenParams } } }, async (request) => {
    const { token } = parse(tokenParams, request.params);
    return { success: true, ...(await savedSearches.unsubscribe(token)) };
  });

  // A GET changes nothing (link scanners fetch it): a browser is sent to the searches on the dashboard.
  app.get('/:token', { config: { input: { params: tokenParams } } }, async (request, reply) => {
    const { token } = parse(tokenParams, request.params);
    const answer = savedSearches.checkToken(token);
    if (String(request.headers.accept ?? '').includes('text/html')) return reply.redirect(`${pathTo('dashboard', {}, request.lang)}#saved-searches`, 303);
    return { success: true, ...answer };
  });
}

/** Under /api: the caller's saved searches (logged in, own only) and the digest's unsubscribe (no login). */
export async function savedSearchRoutes(app: FastifyInstance, { savedSearches }: { savedSearches: SavedSearchService }): Promise<void> {
  app.get('/saved-searches', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => ({ success: true, ...(await savedSearches.list(userOf(request))) }));

  app.post('/saved-searches', { config: { input: { body: savedSearchCreateSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(savedSearchCreateSchema, request.body ?? {});
    return reply.code(201).send({ success: true, search: await savedSearches.create(userOf(request), input) });
  });

  app.put('/saved-searches/:id', { config: { input: { params: savedSearchIdParams, body: savedSearchUpdateSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(savedSearchIdParams, request.params);
    const input = parse(savedSearchUpdateSchema, request.body ?? {});
    return { success: true, search: await savedSearches.update(userOf(request), id, input) };
  });

  app.delete('/saved-searches/:id', { config: { input: { params: savedSearchIdParams } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(savedSearchIdParams, request.params);
    await savedSearches.remove(userOf(request), id);
    return reply.code(204).send();
  });

  await app.register(unsubscribeRoutes, { prefix: '/saved-searches/unsubscribe', savedSearches });
}
