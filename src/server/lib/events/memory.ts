import type { EventBus } from './port';
import { LocalSubscribers, type EventLog } from './local';

/** Events within one process: what a single server (and SQLite) needs. */
export function createMemoryEventBus(log: EventLog): EventBus {
  const local = new LocalSubscribers();
  const onError = (err: unknown) => log.error({ err }, 'live event listener failed');
  return {
    publish(userIds, event) {
      local.deliver(userIds, event, onError);
    },
    subscribe(userId, listener, onLost) {
      return local.add(userId, listener, onLost);
    },
    // One process: whoever broadcasts has cleared its caches already, and nobody else listens.
    broadcast: () => Promise.resolve(),
    onBroadcast: () => () => undefined,
    ready: () => Promise.resolve(),
    healthy: () => true,
    async close() {
      local.clear();
    },
  };
}
