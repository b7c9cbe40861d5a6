import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../../common/schemas/contact';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { consume } from '../../http/rate-limit';
import { t } from '../../i18n';
import { insertContactMessage } from './repo';

const CONTACT_LIMIT = { name: 'contact', max: 5, windowMs: 60 * 60_000 };

export async function contactModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/contact', async (request, reply) => {
    const input = parse(contactSchema, request.body);
    await consume(ctx.rateLimits, CONTACT_LIMIT, [`ip:${request.ip}`]);
    const id = await insertContactMessage(ctx.db, {
      ...input,
      language: request.lang,
      userId: request.user?.id ?? null,
    });
    const message = t(request.lang, 'contactSent');
    return reply.status(201).send({ success: true, id, message });
  });
}
