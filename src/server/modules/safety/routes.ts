import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reportSchema } from '../../../common/schemas/messages';
import { isDbId, pathId } from '../../../common/schemas/ids';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { SafetyService } from './service';

const userIdParams = z.object({ id: pathId('validation', 'userNotFound') });

// The cursor GET /api/blocks hands out: the last row's time and user id.
const blocksQuery = z.object({
  cursor: z
    .string('validation')
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_\d{1,10}$/, 'validation')
    .transform((value) => {
      const at = value.lastIndexOf('_');
      return { createdAt: value.slice(0, at), id: Number(value.slice(at + 1)) };
    })
    // Ten digits may still be past the id column's range, which PostgreSQL refuses in a comparison.
    .refine((cursor) => isDbId(cursor.id), 'validation')
    .optional(),
});

/** Blocks and reports, under /api; every call needs a login. */
export async function safetyRoutes(app: FastifyInstance, { safety }: { safety: SafetyService }): Promise<void> {
  app.post('/users/:id/block', { config: { input: { params: userIdParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return { success: true, ...(await safety.block(userOf(request), id)) };
  });

  app.delete('/users/:id/block', { config: { input: { params: userIdParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return { success: true, ...(await safety.unblock(userOf(request), id)) };
  });

  app.get('/blocks', { config: { input: { query: blocksQuery } }, preHandler: requireUser }, async (request) => {
    const { cursor } = parse(blocksQuery, request.query);
    return { success: true, ...(await safety.listBlocks(userOf(request), cursor)) };
  });

  app.post('/reports', { config: { input: { body: reportSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(reportSchema, request.body ?? {});
    const { report, created } = await safety.report(userOf(request), input);
    return reply.status(created ? 201 : 200).send({ success: true, report, alreadyReported: !created });
  });
}
