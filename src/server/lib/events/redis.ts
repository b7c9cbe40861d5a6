import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '../../../common/schemas/messages';
import { closeRedis, openRedis, type RedisClient } from '../redis/index';
import { LocalSubscribers, type EventLog } from './local';
import type { EventBus } from './port';

export interface RedisEventBusOptions {
  url: string;
  /** The deployment's key prefix (src/server/lib/redis); the channel is `{prefix}events`. */
  prefix: string;
  log: EventLog;
}

/**
 * Events and cache tags across processes through Redis pub/sub, on one channel per deployment.
 * A publication is delivered to this process's subscribers at once and published on a shared
 * connection (in order); a dedicated connection subscribes. Every message names its sending
 * bus, so a process ignores its own and each subscriber gets an event once. The connections are
 * named for the channel (CLIENT LIST shows whose they are).
 *
 * The subscriber connects on the first subscriber (a CLI that only publishes never holds it).
 * The client reconnects by itself and subscribes again before it reports ready; what was
 * published meanwhile never arrives, so subscribers are told once the link is back (the stream
 * then tells its browser to refetch) and cache listeners clear at once and again then.
 */
export function createRedisEventBus(opts: RedisEventBusOptions): EventBus {
  const { url, log } = opts;
  const channel = `${opts.prefix}events`;
  const origin = randomUUID();
  const local = new LocalSubscribers();
  const onError = (err: unknown) => log.error({ err }, 'live event listener failed');

  let closed = false;
  let publisher: RedisClient | null = null;
  let subscriber: RedisClient | null = null;
  let subscribing: Promise<void> | null = null;
  let listening = false;
  let waiters: (() => void)[] = [];
  const sending = new Set<Promise<void>>();
  // One log line per outage, not one per publication.
  let publishFailing = false;

  const tagListeners = new Map<(tags: string[]) => void, { onLost: () => void; missed: boolean }>();
  const loseTags = (onlyMissed: boolean) => {
    for (const [, l] of [...tagListeners]) {
      if (onlyMissed && !l.missed) continue;
      l.missed = false;
      try {
        l.onLost();
      } catch (err) {
        onError(err);
      }
    }
  };

  function receive(message: string): void {
    let parsed: { o?: unknown; u?: unknown; e?: unknown; t?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.o === origin) return;
    if (Array.isArray(parsed.t)) {
      const list = parsed.t.filter((t): t is string => typeof t === 'string');
      for (const listener of [...tagListeners.keys()]) {
        try {
          listener(list);
        } catch (err) {
          onError(err);
        }
      }
      return;
    }
    if (!Array.isArray(parsed.u) || typeof parsed.e !== 'object' || parsed.e === null) return;
    const users = parsed.u.filter((u): u is number => Number.isInteger(u) && local.has(u as number));
    if (users.length) local.deliver(users, parsed.e as LiveEvent, onError);
  }

  function wake(): void {
    const list = waiters;
    waiters = [];
    for (const resolve of list) resolve();
  }

  /** The link is up and subscribed: whoever may have missed something is told now. */
  function up(): void {
    if (closed || listening) return;
    listening = true;
    wake();
    local.lose(true, onError);
    loseTags(true);
  }

  function down(): void {
    if (!listening) return;
    listening = false;
    local.markMissed();
    // Caches drop what they hold at once (a write elsewhere may go unheard) and again once back.
    loseTags(false);
    for (const l of tagListeners.values()) l.missed = true;
  }

  function start(): void {
    if (subscribing || closed) return;
    const { client, connected } = openRedis({ url, name: channel, what: 'live events', log });
    subscriber = client;
    client.on('error', () => {
      if (!client.isReady) down();
    });
    client.on('reconnecting', down);
    subscribing = connected.then(async () => {
      if (closed) return;
      await client.subscribe(channel, receive);
      // Later reconnects subscribe again before the client says it is ready.
      client.on('ready', up);
      up();
    });
    subscribing.catch((err: unknown) => log.error({ err }, 'live events: redis subscriber not started'));
  }

  function send(payload: Record<string, unknown>): Promise<void> {
    if (closed) return Promise.resolve();
    publisher ??= openRedis({ url, name: `${channel}:publish`, what: 'live events', log }).client;
    const sent: Promise<void> = publisher
      .publish(channel, JSON.stringify({ o: origin, ...payload }))
      .then(
        () => {
          publishFailing = false;
        },
        (err: unknown) => {
          // The event still reached this process; other processes' browsers catch up on their next refetch.
          if (!publishFailing) log.error({ err }, 'live events: publish failed');
          publishFailing = true;
        },
      )
      .finally(() => sending.delete(sent));
    sending.add(sent);
    return sent;
  }

  return {
    publish(userIds, event) {
      if (!userIds.length) return;
      local.deliver(userIds, event, onError);
      void send({ u: [...new Set(userIds)], e: event });
    },
    broadcast(tags) {
      if (!tags.length) return Promise.resolve();
      return send({ t: tags });
    },
    onBroadcast(listener, onLost) {
      start();
      tagListeners.set(listener, { onLost, missed: !listening });
      return () => {
        tagListeners.delete(listener);
      };
    },
    subscribe(userId, listener, onLost) {
      start();
      return local.add(userId, listener, onLost, !listening);
    },
    ready() {
      start();
      if (listening || closed) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    // A bus nobody listens on yet (a CLI that only publishes) has no link that could be down.
    healthy: () => !closed && (listening || !subscribing),
    async close() {
      closed = true;
      listening = false;
      wake();
      await Promise.all([...sending]);
      if (publisher) await closeRedis(publisher);
      if (subscriber) await closeRedis(subscriber);
      await subscribing?.catch(() => undefined);
      local.clear();
      tagListeners.clear();
    },
  };
}
