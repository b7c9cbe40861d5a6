import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** Where a Redis link reports its failures; Fastify's logger in the app. */
export interface RedisLog {
  warn(obj: object, msg: string): void;
}

export interface RedisClientOptions {
  url: string;
  /** CLIENT SETNAME: what the connection is for, as `CLIENT LIST` shows it. */
  name: string;
  /** What the log line names, e.g. "live events". */
  what: string;
  log: RedisLog;
  /**
   * Commands given while the link is down fail at once instead of waiting for it (a rate
   * limit must answer within a request; a publication may wait a moment for a short blip).
   */
  failWhenOffline?: boolean;
  /** How long one command may take before it fails. */
  commandTimeoutMs?: number;
}

/**
 * A Redis client that reconnects by itself (backoff to 5 s) and says so once per outage: the
 * client reports every failed attempt, which would fill the log while Redis is away. The
 * connection starts at once; the answer is not awaited, so a Redis down at start blocks nothing.
 */
export function openRedis(opts: RedisClientOptions): { client: RedisClient; connected: Promise<void> } {
  let down = false;
  const client = createClient({
    url: opts.url,
    name: opts.name,
    disableOfflineQueue: opts.failWhenOffline ?? false,
    commandOptions: { timeout: opts.commandTimeoutMs ?? 5000 },
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number) => Math.min(5000, 100 * 2 ** Math.min(retries, 6)) * (0.5 + Math.random() / 2),
    },
  });
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    opts.log.warn({ err }, `${opts.what}: redis link failed; reconnecting`);
  });
  client.on('ready', () => {
    down = false;
  });
  const connected = client.connect().then(
    () => undefined,
    // Only a quit before the first connection ends the attempts; nothing is left to do then.
    () => undefined,
  );
  return { client: client as RedisClient, connected };
}

/** Closes a client whether or not it ever connected. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  try {
    await client.close();
  } catch {
    client.destroy();
  }
}
