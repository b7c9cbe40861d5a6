import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { EventLog } from '../events/index';
import type { TagChannel } from './channel';

type Client = ReturnType<typeof createClient>;

/**
 * Tags over Redis pub/sub (REDIS_URL): every process of a deployment subscribes to one channel,
 * named for the database it serves, so deployments sharing a Redis never clear each other's
 * caches. A message names its sender, which ignores its own. The subscriber reconnects on its
 * own (the client's retry); a message sent meanwhile is lost, so listeners clear everything
 * when the link comes back.
 */
export function createRedisTagChannel(opts: { url: string; channel: string; log: EventLog }): TagChannel {
  const { url, channel, log } = opts;
  const origin = randomUUID();
  const listeners = new Map<(tags: string[]) => void, () => void>();
  let publisher: Promise<Client> | null = null;
  let subscriber: Client | null = null;
  let subscribed: Promise<void> | null = null;
  let closed = false;
  const sending = new Set<Promise<unknown>>();

  const connect = (): Promise<Client> => {
    const c = createClient({ url });
    c.on('error', (err: unknown) => log.warn({ err }, 'cache tags: redis link failed'));
    return c.connect() as Promise<Client>;
  };

  const lose = () => {
    for (const onLost of [...listeners.values()]) onLost();
  };

  function start(): Promise<void> {
    subscribed ??= connect().then(async (c) => {
      subscriber = c;
      if (closed) {
        await c.quit().catch(() => undefined);
        return;
      }
      let first = true;
      c.on('ready', () => {
        // A reconnect: what was sent while the link was down never arrives.
        if (!first) lose();
        first = false;
      });
      await c.subscribe(channel, (message) => {
        let parsed: { o?: unknown; t?: unknown };
        try {
          parsed = JSON.parse(message) as typeof parsed;
        } catch {
          return;
        }
        if (parsed.o === origin || !Array.isArray(parsed.t)) return;
        const list = parsed.t.filter((t): t is string => typeof t === 'string');
        for (const listener of [...listeners.keys()]) listener(list);
      });
      first = false;
    });
    subscribed.catch((err: unknown) => log.error({ err }, 'cache tags: redis subscriber not started'));
    return subscribed;
  }

  return {
    publish(tags) {
      if (closed || !tags.length) return Promise.resolve();
      publisher ??= connect();
      const sent: Promise<void> = publisher
        .then(async (c) => void (await c.publish(channel, JSON.stringify({ o: origin, t: tags }))))
        .catch((err: unknown) => log.error({ err }, 'cache tags: publish failed'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
      return sent;
    },
    subscribe(onTags, onLost) {
      listeners.set(onTags, onLost);
      void start().catch(() => undefined);
      return () => {
        listeners.delete(onTags);
      };
    },
    ready: () => start().catch(() => undefined),
    async close() {
      closed = true;
      await Promise.all([...sending]);
      listeners.clear();
      const p = await publisher?.catch(() => null);
      await p?.quit().catch(() => undefined);
      await subscribed?.catch(() => undefined);
      await subscriber?.quit().catch(() => undefined);
    },
  };
}
