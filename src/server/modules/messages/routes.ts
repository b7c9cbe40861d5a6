import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pathId } from '../../../common/schemas/ids';
import { applyToSpotSchema } from '../../../common/schemas/deals';
import { cleanMessage, conversationsQuery, sendMessageSchema, threadQuery } from '../../../common/schemas/messages';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { MessageService } from './service';
import { NO_INPUT } from '../../http/route-table';

const contactParams = z.object({ id: pathId('validation', 'userNotFound') });
const messageParams = z.object({ id: pathId('validation', 'messageNotFound') });
const spotParams = z.object({ id: pathId('validation', 'guestSpotNotFound') });

/**
 * A message's text is cleaned before it is judged: control characters other than line break and
 * tab are dropped from it, where parse() would refuse them anywhere else.
 */
function withCleanContent(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const clean: Record<string, unknown> = { ...body };
  for (const key of ['content', 'message']) if (typeof clean[key] === 'string') clean[key] = cleanMessage(clean[key]);
  return clean;
}

/** /api/messages: every call is for logged-in users. */
export async function messageRoutes(app: FastifyInstance, { messages }: { messages: MessageService }): Promise<void> {
  app.addHook('preHandler', requireUser);

  app.get('/conversations', { config: { input: { query: conversationsQuery } } }, async (request) => messages.conversations(userOf(request), parse(conversationsQuery, request.query)));

  app.get('/unread-count', { config: { input: NO_INPUT } }, async (request) => ({ count: await messages.unreadCount(userOf(request)) }));

  app.get('/contact/:id', { config: { input: { params: contactParams, query: threadQuery } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    const { before } = parse(threadQuery, request.query);
    return messages.thread(userOf(request), id, before);
  });

  app.put('/read/:id', { config: { input: { params: contactParams } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    return { success: true, updated: await messages.markRead(userOf(request), id) };
  });

  app.post('', { config: { input: { body: sendMessageSchema } } }, async (request, reply) => {
    const user = userOf(request);
    const input = parse(sendMessageSchema, withCleanContent(request.body ?? {}));
    const { message, created } = await messages.send(user, input);
    return reply.status(created ? 201 : 200).send({ message });
  });

  app.delete('/conversation/:id', { config: { input: { params: contactParams } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    await messages.hideConversation(userOf(request), id);
    return { success: true };
  });

  app.delete('/:id', { config: { input: { params: messageParams } } }, async (request) => {
    const { id } = parse(messageParams, request.params);
    await messages.remove(userOf(request), id);
    return { success: true };
  });
}

/**
 * POST /api/guest-spots/{id}/apply, registered under the guest spots' prefix: 201 with the
 * message and the pending application's id; 409 `applicationPending` while one is pending.
 */
export async function applyRoutes(app: FastifyInstance, { messages }: { messages: MessageService }): Promise<void> {
  app.post('/:id/apply', { config: { input: { params: spotParams, body: applyToSpotSchema } }, preHandler: requireUser }, async (request, reply) => {
    const user = userOf(request);
    const { id } = parse(spotParams, request.params);
    const { startDate, endDate, message, content } = parse(applyToSpotSchema, withCleanContent(request.body ?? {}));
    const result = await messages.apply(user, id, { startDate, endDate, content: message || content }, request.lang);
    return reply.status(201).send({ success: true, message: result.message, conversationId: result.conversationId, applicationId: result.applicationId });
  });
}
