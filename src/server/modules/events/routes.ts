import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../common/constants';
import { requireUser, userOf, type SessionResolver } from '../../http/auth';
import type { EventService } from './service';
import { serveStream } from './stream';
import { NO_INPUT } from '../../http/route-table';

/** GET /api/events: the logged-in user's live events as Server-Sent Events. */
export async function eventRoutes(app: FastifyInstance, { events, resolveSession }: { events: EventService; resolveSession: SessionResolver }): Promise<void> {
  // Open streams never go idle on their own; closing the app ends them so it does not wait.
  app.addHook('preClose', async () => events.streams.endAll());

  app.get(
    '',
    // A HEAD would open a stream with no body to carry it; compression would hold events back in its buffer.
    { config: { input: NO_INPUT }, preHandler: requireUser, compress: false, exposeHeadRoute: false },
    async (request, reply) => {
      const userId = userOf(request).id;
      const token = request.cookies[SESSION_COOKIE] ?? '';
      // A stream outlives the request that opened it: a logout elsewhere or a deleted account ends it.
      const stillValid = async () => (await resolveSession(token))?.user.id === userId;
      return serveStream(request, reply, events, userId, stillValid);
    },
  );
}
