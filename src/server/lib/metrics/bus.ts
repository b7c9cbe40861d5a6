import type { EventBus } from '../events/index';
import type { Metrics } from './metrics';

/**
 * The bus as the app sees it, counting what goes through: publications, deliveries to this
 * process's streams, and the streams subscribed (one per open `GET /api/events`). A proxy, not
 * a copy of the port's methods, so whatever an adapter adds to the port passes through as is.
 */
export function countBusEvents(bus: EventBus, metrics: Metrics): EventBus {
  const publish: EventBus['publish'] = (userIds, event) => {
    metrics.count('busEventsPublished');
    bus.publish(userIds, event);
  };
  const subscribe: EventBus['subscribe'] = (userId, listener, onLost) => {
    metrics.liveStreams.inc();
    let open = true;
    const off = bus.subscribe(
      userId,
      (event) => {
        metrics.count('busEventsReceived');
        listener(event);
      },
      onLost,
    );
    return () => {
      if (open) metrics.liveStreams.dec();
      open = false;
      off();
    };
  };
  return new Proxy(bus, {
    get(target, prop) {
      if (prop === 'publish') return publish;
      if (prop === 'subscribe') return subscribe;
      const value: unknown = Reflect.get(target, prop, target);
      // Bound to the adapter itself: a class with private fields fails when called on a proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
