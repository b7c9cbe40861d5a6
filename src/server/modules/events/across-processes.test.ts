import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { channelFor } from '../../lib/events/postgres';
import { createPeerApp, createTestApp, type TestApp } from '../../test/app';
import { listenOnFreePort, openEventStream, type StreamItem, type TestStream } from '../../test/event-stream';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot } from '../../test/listing-factories';
import { killRedisClients } from '../../test/redis';
import { failMissing, gate, postgresHint, redisHint, redisReachable, servicesRequired, TEST_DATABASE_URL, TEST_REDIS_URL } from '../../test/services';

// Two server processes of one deployment share one PostgreSQL schema; they need both services.
const postgres = { what: 'PostgreSQL (TEST_DATABASE_URL)', available: !!TEST_DATABASE_URL, required: servicesRequired, hint: postgresHint };
const redis = { what: `Redis at ${TEST_REDIS_URL}`, available: await redisReachable(), required: servicesRequired, hint: redisHint };

/** The next event of the given name, skipping others (the unread count that comes with a message). */
async function nextEvent(s: TestStream, name: string, timeoutMs = 5000): Promise<StreamItem & { kind: 'event' }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = await s.next('event', Math.max(1, until - Date.now()));
    if (item.kind === 'event' && item.event === name) return item;
  }
}

const kinds: ['postgres' | 'redis', 'run' | 'skip' | 'fail'][] = [
  ['postgres', gate(postgres)],
  ['redis', gate(postgres) === 'run' ? gate(redis) : gate(postgres)],
];

describe.each(kinds)('live events across two processes with EVENTS=%s', (kind, action) => {
  if (action === 'fail') return failMissing(kind === 'redis' && postgres.available ? redis : postgres);
  if (action === 'skip') return it.skip('needs PostgreSQL and Redis');

  const prefix = `tgs-test-${process.pid}-${randomUUID().slice(0, 8)}`;
  let a: TestApp;
  let b: FastifyInstance;
  let baseB: string;
  let sender: TestUser;
  let recipient: TestUser;
  const open: TestStream[] = [];

  beforeAll(async () => {
    a = await createTestApp('postgres', kind === 'redis' ? { EVENTS: 'redis', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } : { EVENTS: 'postgres' });
    b = await createPeerApp(a);
    baseB = await listenOnFreePort(b);
    sender = await createArtist(a.app);
    recipient = await createStudio(a.app);
    await Promise.all([a.app.ctx.events.ready?.(), b.ctx.events.ready?.()]);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b?.close();
    await a?.close();
  });

  const send = async (content: string) => {
    const res = await call(a.app, 'POST', '/api/messages', { as: sender, payload: { recipient_id: recipient.user.id, content } });
    expect(res.statusCode).toBe(201);
  };

  const listeners = async (admin: pg.Client, schema: string) =>
    (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where query = $1`, [`listen "${channelFor(schema)}"`])).rows;

  /**
   * Drops B's link to the other processes as a restart of Redis or PostgreSQL would; answers the
   * PostgreSQL backends it ended.
   */
  const dropLink = async (): Promise<number[]> => {
    // Both apps subscribe under the deployment's name; A's link drops and comes back as well.
    if (kind === 'redis') {
      expect(await killRedisClients(TEST_REDIS_URL, `${prefix}:events`)).toBe(2);
      return [];
    }
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const schema = a.config.database.kind === 'postgres' ? (a.config.database.schema as string) : '';
      // At least A's and B's. On a loaded machine a backend whose client already hung up may
      // still be listed for a moment (seen once in CI); ending it too changes nothing.
      const rows = await listeners(admin, schema);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
      return rows.map((r) => r.pid);
    } finally {
      await admin.end();
    }
  };

  it('carries a message sent through A to the recipient streaming from B', async () => {
    const s = await openEventStream(baseB, recipient.cookie);
    open.push(s);
    expect(s.status).toBe(200);
    await s.next('comment');
    await send('Hallo über den Bus');
    const created = await nextEvent(s, 'message.created');
    expect(created.data).toMatchObject({ message: { content: 'Hallo über den Bus', senderId: sender.user.id } });
  });

  it('after its link drops and comes back, tells the open stream to resync, keeps it open, and later events arrive', async () => {
    const s = await openEventStream(baseB, recipient.cookie);
    open.push(s);
    await s.next('comment');
    const ended = await dropLink();
    const resync = await nextEvent(s, 'resync', 10_000);
    expect(resync.data).toEqual({});
    expect(b.ctx.events.healthy()).toBe(true);
    await send('Nach dem Neustart');
    const created = await nextEvent(s, 'message.created');
    expect(created.data).toMatchObject({ message: { content: 'Nach dem Neustart' } });
    if (kind === 'postgres') {
      // Reconnecting leaves no connection behind: one new listener per process. An ended backend
      // may linger in the list for seconds on a loaded machine (CI saw a third row for 5 s), so
      // only the new ones are counted.
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        const schema = a.config.database.kind === 'postgres' ? (a.config.database.schema as string) : '';
        const fresh = async () => (await listeners(admin, schema)).filter((r) => !ended.includes(r.pid));
        await vi.waitFor(async () => expect(await fresh()).toHaveLength(2), { timeout: 5000, interval: 100 });
      } finally {
        await admin.end();
      }
    }
  });

  it('clears a cached answer in B when A writes, over the same link', async () => {
    const studio = await createStudio(a.app);
    const spot = await createGuestSpot(a.app, studio, { title: 'Vorher' });
    const title = async () => ((await b.inject({ method: 'GET', url: `/api/guest-spots/by-slug/${spot.slug}` })).json() as GuestSpot).title;
    expect(await title()).toBe('Vorher');
    expect((await call(a.app, 'PUT', `/api/guest-spots/${spot.id}`, { as: studio, payload: { title: 'Nachher' } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await title()).toBe('Nachher'), { timeout: 2000, interval: 20 });
  });
});
