import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../errors';
import { requireUser } from '../auth/routes';
import { countVisits, insertVisit, userExists } from './repo';

const visitSchema = z.object({ profileId: z.coerce.number('validation').int('validation').positive('validation') });

export async function profileVisitsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/profile-visits', async (request) => {
    const { profileId } = parse(visitSchema, request.body);
    if (!(await userExists(ctx.db, profileId))) throw notFound();
    // The owner looking at their own profile is not a visit.
    if (request.user?.id === profileId) return { success: true, counted: false };
    const visitor = request.user
      ? `u:${request.user.id}`
      : `a:${createHash('sha256').update(`${ctx.config.sessionSecret}|${request.ip}|${request.headers['user-agent'] ?? ''}`).digest('hex').slice(0, 32)}`;
    const now = new Date().toISOString();
    await insertVisit(ctx.db, profileId, visitor, now.slice(0, 10), now);
    return { success: true, counted: true };
  });

  app.get('/api/profile-visits/my-count', async (request) => {
    const user = requireUser(request);
    return { success: true, count: await countVisits(ctx.db, user.id) };
  });
}
