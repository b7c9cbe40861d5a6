import type { EventBus } from '../events/index';
import { localChannel, type TagChannel } from './channel';

/** Tags over the live events' bus: LISTEN/NOTIFY or Redis pub/sub, nothing to send in one process. */
export function eventBusChannel(bus: EventBus): TagChannel {
  const { broadcast, onBroadcast } = bus;
  if (!broadcast || !onBroadcast) return localChannel;
  return {
    publish: (tags) => broadcast.call(bus, tags),
    subscribe: (onTags, onLost) => onBroadcast.call(bus, onTags, onLost),
    ready: () => bus.ready?.() ?? Promise.resolve(),
    // The bus is the context's; it closes with the app.
    close: () => Promise.resolve(),
  };
}
