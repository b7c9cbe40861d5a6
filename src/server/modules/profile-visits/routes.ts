import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_ID } from '../../../common/schemas/ids';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { ProfileVisitService } from './service';
import { NO_INPUT } from '../../http/route-table';

// Past the id columns' range no profile can exist: 404, like an unknown one.
const visitSchema = z.object({ profileId: z.coerce.number('validation').int('validation').positive('validation').max(MAX_ID, 'notFound') });

/** /api/profile-visits. */
export async function profileVisitRoutes(app: FastifyInstance, { visits }: { visits: ProfileVisitService }): Promise<void> {
  app.post('', { config: { input: { body: visitSchema } } }, async (request) => {
    await visits.countAttempt(request.ip);
    const { profileId } = parse(visitSchema, request.body);
    const { counted } = await visits.record(profileId, request.user, request.ip);
    return { success: true, counted };
  });

  app.get('/my-count', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => ({ success: true, count: await visits.countOf(userOf(request).id) }));
}
