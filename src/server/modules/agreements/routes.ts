import type { FastifyInstance } from 'fastify';
import { acceptAgreementSchema, agreementParams } from '../../../common/schemas/agreements';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { AgreementService } from './service';

/**
 * A stay's written agreement, under /api: the agreement with both acceptances, a party's
 * acceptance and the PDF. For the stay's two parties and admins; visitors are asked to log in.
 */
export async function agreementRoutes(app: FastifyInstance, { agreements }: { agreements: AgreementService }): Promise<void> {
  app.get('/stays/:id/agreement', { config: { input: { params: agreementParams } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(agreementParams, request.params);
    return reply.header('cache-control', 'private, no-store').send(await agreements.get(userOf(request), id));
  });

  app.post('/stays/:id/agreement/accept', { config: { input: { params: agreementParams, body: acceptAgreementSchema } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(agreementParams, request.params);
    const input = parse(acceptAgreementSchema, request.body ?? {});
    return agreements.accept(userOf(request), id, input);
  });

  app.get('/stays/:id/agreement.pdf', { config: { input: { params: agreementParams } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(agreementParams, request.params);
    const { fileName, pdf } = await agreements.pdf(userOf(request), id, request.lang);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
