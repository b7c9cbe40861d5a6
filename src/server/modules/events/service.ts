import { LIVE_HEARTBEAT_SECONDS, LIVE_STREAMS_PER_USER } from '../../../common/schemas/messages';
import type { AppContext } from '../../context';
import { createPresence } from './presence';
import { createStreamRegistry } from './streams';

/** How long a new stream waits for the cross-process link before it opens anyway. */
const READY_WAIT_MS = 3000;

/** What GET /api/events needs: the bus, the open streams, the activity marks. */
export function createEventService(deps: Pick<AppContext, 'db' | 'events'>) {
  const presence = createPresence(deps.db);
  return {
    bus: deps.events,
    streams: createStreamRegistry(LIVE_STREAMS_PER_USER),
    presence,
    heartbeatMs: LIVE_HEARTBEAT_SECONDS * 1000,
    /**
     * Resolves once publications of other processes reach this one, or after a short wait: a
     * stream opened before that only misses events from elsewhere, and is ended (so the
     * browser refetches) when the link comes up.
     */
    async ready(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)));
      try {
        await Promise.race([deps.events.ready?.() ?? Promise.resolve(), waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    /** Waits for activity marks being written; closing the app calls it before the database closes. */
    idle: () => presence.idle(),
  };
}

export type EventService = ReturnType<typeof createEventService>;
