import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_ID } from '../../../common/schemas/ids';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../errors';
import { consume } from '../../http/rate-limit';
import { requireUser } from '../auth/routes';
import { countVisits, insertVisit, userExists } from './repo';
import { anonymousVisitorKey, visitorNetwork } from './visitor';

/** Generous for someone browsing profiles, tight for a script inflating counts. */
export const VISIT_LIMIT = { name: 'profile-visit', max: 120, windowMs: 15 * 60_000 };

// Past the id columns' range no profile can exist: 404, like an unknown one.
const visitSchema = z.object({ profileId: z.coerce.number('validation').int('validation').positive('validation').max(MAX_ID, 'notFound') });

export async function profileVisitsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/profile-visits', async (request) => {
    await consume(ctx.rateLimits, VISIT_LIMIT, [`net:${visitorNetwork(request.ip)}`]);
    const { profileId } = parse(visitSchema, request.body);
    if (!(await userExists(ctx.db, profileId))) throw notFound();
    // The owner looking at their own profile is not a visit.
    if (request.user?.id === profileId) return { success: true, counted: false };
    const visitor = request.user ? `u:${request.user.id}` : anonymousVisitorKey(ctx.config.sessionSecret, request.ip);
    const now = new Date().toISOString();
    await insertVisit(ctx.db, profileId, visitor, now.slice(0, 10), now);
    return { success: true, counted: true };
  });

  app.get('/api/profile-visits/my-count', async (request) => {
    const user = requireUser(request);
    return { success: true, count: await countVisits(ctx.db, user.id) };
  });
}
