import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Stops the app the way a load balancer needs it stopped. Readiness turns 503 at once, while
 * every request, in flight or new, is still served for `drainMs`: the balancer needs a few of
 * its health checks to take the process out, and until then it keeps sending traffic here. Then
 * the live event streams end, so browsers reconnect through the balancer, which by now sends
 * them to another process; last, the app closes (it waits for the requests still running).
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.services.health.drain();
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'draining: readiness answers 503, requests are still served');
    await sleep(drainMs);
  }
  app.services.events.streams.endAll();
  await app.close();
}
