import type { FastifyInstance } from 'fastify';
import { appealQuery, contactSchema } from '../../../common/schemas/contact';
import { parse } from '../../errors';
import { t } from '../../i18n';
import type { ContactService } from './service';

/** /api/contact, and /api/contact/appeal: what a suspension mail's appeal link prefills. */
export async function contactRoutes(app: FastifyInstance, { contact }: { contact: ContactService }): Promise<void> {
  app.post('', { config: { input: { body: contactSchema } } }, async (request, reply) => {
    const input = parse(contactSchema, request.body);
    const id = await contact.send(input, { ip: request.ip, userId: request.user?.id ?? null, lang: request.lang });
    return reply.status(201).send({ success: true, id, message: t(request.lang, 'contactSent') });
  });

  app.get('/appeal', { config: { input: { query: appealQuery } } }, async (request) => {
    const { token } = parse(appealQuery, request.query);
    return { success: true, appeal: await contact.appeal(token) };
  });
}
