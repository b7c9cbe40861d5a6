import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationsQuery, cancelStaySchema, dealIdParam, declineSchema, inviteSchema, staysQuery } from '../../../common/schemas/deals';
import { pathId } from '../../../common/schemas/ids';
import { cleanMessage } from '../../../common/schemas/messages';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { NO_INPUT } from '../../http/route-table';
import type { DealService } from './service';

const availabilityParams = z.object({ id: pathId('validation', 'availabilityNotFound') });
const userParams = z.object({ id: pathId('validation', 'userNotFound') });

/** The invitation's text is cleaned before it is judged, as a message's is. */
function withCleanMessage(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? { ...body, message: cleanMessage(message) } : body;
}

/**
 * Applications, invitations and stays, under /api: the lists and answers of requests, inviting
 * an artist for an availability, stays and their cancellation, a profile's public stays and the
 * dashboard's counts. All but the public stays are for logged-in users.
 */
export async function dealRoutes(app: FastifyInstance, { deals }: { deals: DealService }): Promise<void> {
  app.get('/applications', { config: { input: { query: applicationsQuery } }, preHandler: requireUser }, async (request) =>
    deals.list(userOf(request), parse(applicationsQuery, request.query)),
  );

  app.post('/applications/:id/accept', { config: { input: { params: dealIdParam } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(dealIdParam, request.params);
    return { success: true, stay: await deals.accept(userOf(request), id) };
  });

  app.post('/applications/:id/decline', { config: { input: { params: dealIdParam, body: declineSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(dealIdParam, request.params);
    const { reason } = parse(declineSchema, request.body ?? {});
    await deals.decline(userOf(request), id, reason);
    return { success: true };
  });

  app.post('/applications/:id/withdraw', { config: { input: { params: dealIdParam } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(dealIdParam, request.params);
    await deals.withdraw(userOf(request), id);
    return { success: true };
  });

  app.post('/artist-availability/:id/invite', { config: { input: { params: availabilityParams, body: inviteSchema } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(availabilityParams, request.params);
    const input = parse(inviteSchema, withCleanMessage(request.body ?? {}));
    const made = await deals.invite(userOf(request), id, input);
    return reply.status(201).send({ success: true, id: made.id });
  });

  app.get('/stays', { config: { input: { query: staysQuery } }, preHandler: requireUser }, async (request) => deals.stays(userOf(request), parse(staysQuery, request.query)));

  app.post('/stays/:id/cancel', { config: { input: { params: dealIdParam, body: cancelStaySchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(dealIdParam, request.params);
    const { reason } = parse(cancelStaySchema, request.body ?? {});
    return { success: true, stay: await deals.cancelStay(userOf(request), id, reason) };
  });

  app.get('/users/:id/stays', { config: { input: { params: userParams } } }, async (request) => {
    const { id } = parse(userParams, request.params);
    return deals.publicStays(id);
  });

  app.get('/deals/summary', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => deals.summary(userOf(request)));
}
