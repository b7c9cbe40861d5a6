import type { FastifyInstance } from 'fastify';
import { contactDeleteSchema, contactListQuery, contactParams, contactReplySchema, contactStatusSchema } from '../../../common/schemas/admin-inbox';
import { parse } from '../../errors';
import { userOf } from '../../http/auth';
import { createContactInboxService } from './contact-service';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';

/** /api/admin/contact: the messages of the public contact form. */
export async function adminContactRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const inbox = createContactInboxService({ db: opts.db, mailer: opts.ctx.mailer });

  app.get('/contact', { config: { input: { query: contactListQuery } } }, async (request) => inbox.list(parse(contactListQuery, request.query)));

  app.get('/contact/:id', { config: { input: { params: contactParams } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    return { message: await inbox.get(id) };
  });

  app.patch('/contact/:id', { config: { input: { params: contactParams, body: contactStatusSchema } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    const { status } = parse(contactStatusSchema, request.body ?? {});
    return { success: true, ...(await inbox.setStatus(userOf(request).id, id, status)) };
  });

  app.post('/contact/:id/reply', { config: { input: { params: contactParams, body: contactReplySchema } } }, async (request, reply) => {
    const { id } = parse(contactParams, request.params);
    const input = parse(contactReplySchema, request.body ?? {});
    return reply.status(201).send({ success: true, ...(await inbox.reply(userOf(request).id, id, input)) });
  });

  app.delete('/contact/:id', { config: { input: { params: contactParams, body: contactDeleteSchema } } }, async (request) => {
    const { id } = parse(contactParams, request.params);
    const { reason } = parse(contactDeleteSchema, request.body ?? {});
    await inbox.remove(userOf(request).id, id, reason);
    return { success: true };
  });
}
