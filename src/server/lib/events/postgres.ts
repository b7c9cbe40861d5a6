import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { LiveEvent } from '../../../common/schemas/messages';
import type { Db } from '../../db/index';
import { Assembler, toPayloads } from './chunks';
import { LocalSubscribers, type EventLog } from './local';
import type { EventBus } from './port';

/**
 * The notification channel of a database schema. Processes serving another schema of the same
 * database (another deployment, or another test file) must never hear our events: user ids
 * repeat across schemas. Channel names are identifiers of at most 63 bytes, so an unusual or
 * long schema name is hashed.
 */
export function channelFor(schema: string): string {
  if (/^[a-z0-9_]{1,40}$/.test(schema)) return `tgs_events_${schema}`;
  return `tgs_events_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

export interface PostgresEventBusOptions {
  url: string;
  /** The schema the app's pool uses (search_path); the listener connects the same way. */
  schema?: string;
  db: Db;
  log: EventLog;
  /** Reconnect delays of the listener, doubling from min to max (with jitter). */
  retry?: { minMs: number; maxMs: number };
}

// Statements carry at most this many notifications; a backlog past the cap drops its oldest.
const BATCH = 200;
const BACKLOG_CAP = 10_000;

/**
 * Events across processes through PostgreSQL's LISTEN/NOTIFY. A publication is delivered to
 * this process's subscribers at once and sent as notifications through the app's pool (one
 * statement at a time, so other processes see publications in order); a dedicated connection,
 * not one of the pool's, listens. Every notification names its sending bus, so a process that
 * hears its own publication ignores it: each subscriber gets an event once.
 *
 * The listener connects on the first subscriber (a CLI that only publishes never holds a
 * connection) and reconnects with backoff when its connection drops; a NOTIFY sent meanwhile is
 * gone for good, so subscribers are told once it listens again (the stream then tells its
 * browser to refetch).
 */
export function createPostgresEventBus(opts: PostgresEventBusOptions): EventBus {
  const { db, log } = opts;
  const retry = opts.retry ?? { minMs: 500, maxMs: 30_000 };
  const origin = randomUUID();
  const local = new LocalSubscribers();
  const onError = (err: unknown) => log.error({ err }, 'live event listener failed');

  let closed = false;
  let seq = 0;
  let backlog: string[] = [];
  let flushing: Promise<void> | null = null;
  // Payloads queued and payloads done with (sent, failed or dropped), for whoever awaits a send.
  let queued = 0;
  let done = 0;
  let sendWaiters: { upTo: number; resolve: () => void }[] = [];
  let sendChannel: Promise<string> | null = null;

  let client: pg.Client | null = null;
  let listening = false;
  let started = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];

  // Who hears cache tags, and whether they began while nobody listened.
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

  const assembler = new Assembler(origin, (text) => {
    let parsed: { u?: unknown; e?: unknown; t?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      return;
    }
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
  });

  // The same schema lookup as the listener's, through the pool the publications go through.
  function channel(): Promise<string> {
    sendChannel ??= sql<{ name: string }>`select current_schema() as name`.execute(db).then(
      (r) => channelFor(r.rows[0]?.name ?? 'public'),
      (err: unknown) => {
        sendChannel = null;
        throw err;
      },
    );
    return sendChannel;
  }

  async function flush(): Promise<void> {
    try {
      while (backlog.length) {
        const batch = backlog.splice(0, BATCH);
        try {
          const name = await channel();
          await sql`select pg_notify(${name}, p) from unnest(${batch}::text[]) as p`.execute(db);
        } catch (err) {
          // The event still reached this process; other processes' browsers catch up on their next refetch.
          log.error({ err }, 'live events: notify failed');
        }
        settle(batch.length);
      }
    } finally {
      flushing = null;
    }
  }

  function settle(count: number): void {
    done += count;
    if (!sendWaiters.some((w) => w.upTo <= done)) return;
    const due = sendWaiters.filter((w) => w.upTo <= done);
    sendWaiters = sendWaiters.filter((w) => w.upTo > done);
    for (const w of due) w.resolve();
  }

  function wake(): void {
    const list = waiters;
    waiters = [];
    for (const resolve of list) resolve();
  }

  const broken = (err: unknown) => log.error({ err }, 'live events: listener not started');

  function start(): void {
    if (started || closed) return;
    started = true;
    connect().catch(broken);
  }

  async function connect(): Promise<void> {
    timer = null;
    const c = new pg.Client({
      connectionString: opts.url,
      application_name: 'tgs-events',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    client = c;
    let listenChannel = '';
    c.on('notification', (msg) => {
      if (client === c && msg.channel === listenChannel && msg.payload) assembler.take(msg.payload);
    });
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    try {
      await c.connect();
      const { rows } = await c.query<{ name: string }>('select current_schema() as name');
      listenChannel = channelFor(rows[0]?.name ?? 'public');
      await c.query(`listen "${listenChannel}"`);
    } catch (err) {
      drop(c, err);
      return;
    }
    if (client !== c) return;
    listening = true;
    attempts = 0;
    wake();
    // Subscribers that began while nobody listened may have missed events meanwhile.
    local.lose(true, onError);
    loseTags(true);
  }

  function drop(c: pg.Client, err?: unknown): void {
    if (client !== c) return;
    client = null;
    const wasListening = listening;
    listening = false;
    c.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err }, 'live events: listener connection lost; reconnecting');
    if (wasListening) {
      // Told once the link is back: a browser refetching now would miss what comes before that.
      local.markMissed();
      // Caches drop what they hold at once (a write elsewhere may go unheard) and again once back.
      loseTags(false);
      for (const l of tagListeners.values()) l.missed = true;
    }
    const delay = Math.min(retry.maxMs, retry.minMs * 2 ** attempts++) * (0.5 + Math.random() / 2);
    timer = setTimeout(() => connect().catch(broken), delay);
    timer.unref();
  }

  /** Queues a publication; the answer resolves once its notifications went out (or failed). */
  function send(text: string): Promise<void> {
    const payloads = toPayloads(origin, ++seq, text);
    backlog.push(...payloads);
    queued += payloads.length;
    const upTo = queued;
    if (backlog.length > BACKLOG_CAP) {
      log.error({ dropped: backlog.length - BACKLOG_CAP }, 'live events: backlog full, oldest dropped');
      const dropped = backlog.length - BACKLOG_CAP;
      backlog = backlog.slice(-BACKLOG_CAP);
      settle(dropped);
    }
    flushing ??= flush();
    if (done >= upTo) return Promise.resolve();
    return new Promise<void>((resolve) => sendWaiters.push({ upTo, resolve }));
  }

  return {
    publish(userIds, event) {
      if (!userIds.length) return;
      local.deliver(userIds, event, onError);
      if (closed) return;
      void send(JSON.stringify({ u: [...new Set(userIds)], e: event }));
    },
    broadcast(tags) {
      if (!tags.length || closed) return Promise.resolve();
      return send(JSON.stringify({ t: tags }));
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
    healthy: () => !closed && (listening || !started),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      wake();
      const c = client;
      client = null;
      listening = false;
      await c?.end().catch(() => undefined);
      await flushing;
      // Nothing is sent any more: nobody waits for it.
      settle(queued - done);
      assembler.clear();
      local.clear();
      tagListeners.clear();
    },
  };
}
