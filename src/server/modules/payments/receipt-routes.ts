import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { historyQuery } from '../../../common/schemas/payments';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { ReceiptService } from './receipts';

export interface ReceiptRoutesOptions {
  receipts: ReceiptService;
}

// The shared `paymentParams` names a not-found key, which `parse` answers with 404; a malformed
// id here is a bad request (400), and only a well-formed unknown one is not found.
const receiptParams = z.object({ id: z.uuid('paymentIdInvalid') });

/** Under /api/payments: the viewer's payment history and the receipts of completed orders. */
export async function receiptRoutes(app: FastifyInstance, { receipts }: ReceiptRoutesOptions): Promise<void> {
  app.get('/history', { config: { input: { query: historyQuery } }, preHandler: requireUser }, async (request) => {
    const { page } = parse(historyQuery, request.query ?? {});
    return receipts.history(userOf(request), page, request.lang);
  });

  app.get('/:id/receipt', { config: { input: { params: receiptParams } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(receiptParams, request.params);
    const receipt = await receipts.receipt(userOf(request), id, request.lang);
    return reply.header('cache-control', 'private, no-store').send({ success: true, receipt });
  });

  app.get('/:id/receipt.pdf', { config: { input: { params: receiptParams } }, preHandler: requireUser }, async (request, reply) => {
    const { id } = parse(receiptParams, request.params);
    const { fileName, pdf } = await receipts.receiptPdf(userOf(request), id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
