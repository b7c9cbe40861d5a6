import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../common/schemas/messages';
import { createDb, type Db } from '../../db/index';
import { Assembler, PIECE_BYTES, splitText, toPayloads } from './chunks';
import type { EventLog } from './local';
import { createMemoryEventBus } from './memory';
import type { EventBus } from './port';
import { channelFor, createPostgresEventBus } from './postgres';
import { describeWith, postgresHint, servicesRequired, TEST_DATABASE_URL } from '../../test/services';

const log: EventLog = { warn: () => undefined, error: () => undefined };
const count = (n: number): LiveEvent => ({ type: 'unread.count', count: n });

describe('event payload pieces', () => {
  it('keeps a small publication in one notification', () => {
    const payloads = toPayloads('me', 1, JSON.stringify({ u: [1], e: count(2) }));
    expect(payloads).toHaveLength(1);
  });

  it('cuts a large text into pieces under the limit, never inside a character, and joins them again', () => {
    const texts = ['😀"\n\\'.repeat(5000), 'ä'.repeat(20_000), '\u0001'.repeat(3000) + 'x', `a${'\uD800'.repeat(3000)}`];
    for (const text of texts) {
      const pieces = splitText(text);
      expect(pieces.join('')).toBe(text);
      for (const p of pieces) expect(Buffer.byteLength(JSON.stringify(p)) - 2).toBeLessThanOrEqual(PIECE_BYTES);
      const payloads = toPayloads('other', 7, text);
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const joined: string[] = [];
      const assembler = new Assembler('me', (t) => joined.push(t));
      // pieces may come in any order; our own and broken ones are ignored
      for (const p of [...payloads].reverse()) assembler.take(p);
      assembler.take(toPayloads('me', 1, 'mine')[0] as string);
      assembler.take('not json');
      assembler.take(JSON.stringify({ o: 'x', s: 1, i: 3, n: 2, d: '' }));
      expect(joined).toEqual([text]);
      assembler.clear();
    }
  });

  it('drops a publication whose pieces never all arrive', () => {
    vi.useFakeTimers();
    try {
      const joined: string[] = [];
      const assembler = new Assembler('me', (t) => joined.push(t), 1000);
      const payloads = toPayloads('other', 1, 'ä'.repeat(10_000));
      assembler.take(payloads[0] as string);
      vi.advanceTimersByTime(1001);
      for (const p of payloads.slice(1)) assembler.take(p);
      expect(joined).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a channel per schema within PostgreSQL identifier limits', () => {
    expect(channelFor('public')).toBe('tgs_events_public');
    expect(channelFor('Tenant-A')).not.toBe(channelFor('tenant_a'));
    expect(channelFor('x'.repeat(63)).length).toBeLessThanOrEqual(63);
  });
});

describe('the in-process bus', () => {
  it('delivers to the users named, until they unsubscribe; a failing listener harms no other', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryEventBus({ warn: () => undefined, error: (e: unknown) => errors.push(e) });
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const offA = bus.subscribe(1, (e) => a.push(e));
    bus.subscribe(1, () => {
      throw new Error('broken listener');
    });
    bus.subscribe(2, (e) => b.push(e));
    bus.publish([1, 1], count(1));
    bus.publish([2], count(2));
    offA();
    bus.publish([1, 2], count(3));
    expect(a).toEqual([count(1)]);
    expect(b).toEqual([count(2), count(3)]);
    expect(errors).toHaveLength(2);
    await bus.ready?.();
    await bus.close();
  });
});

const url = TEST_DATABASE_URL;
// PostgreSQL runs where the suite promises it (CI), and fails loudly there when it is missing.
const postgres = { what: 'PostgreSQL (TEST_DATABASE_URL)', available: !!url, required: servicesRequired, hint: postgresHint };

describeWith(postgres, 'the PostgreSQL bus', () => {
  const schemas = [`t_${process.pid}_ev_a`, `t_${process.pid}_ev_b`];
  const dbs: Db[] = [];
  const buses: EventBus[] = [];
  const admin = new pg.Client({ connectionString: url });

  const bus = (schema: string) => {
    const db = createDb({ kind: 'postgres', url: url as string, schema });
    dbs.push(db);
    const b = createPostgresEventBus({ url: url as string, schema, db, log, retry: { minMs: 20, maxMs: 100 } });
    buses.push(b);
    return b;
  };
  const collect = (b: EventBus, userId: number, onLost?: () => void) => {
    const got: LiveEvent[] = [];
    b.subscribe(userId, (e) => got.push(e), onLost);
    return got;
  };

  beforeAll(async () => {
    await admin.connect();
    for (const s of schemas) await admin.query(`create schema if not exists ${s}`);
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    for (const db of dbs) await db.destroy();
    for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
    await admin.end();
  });

  it('reaches the other processes of its schema once each, and no other schema', async () => {
    const [one, two, elsewhere] = [bus(schemas[0] as string), bus(schemas[0] as string), bus(schemas[1] as string)];
    const atOne = collect(one, 5);
    const atTwo = collect(two, 5);
    const atElsewhere = collect(elsewhere, 5);
    await Promise.all([one.ready?.(), two.ready?.(), elsewhere.ready?.()]);
    for (let i = 1; i <= 20; i++) one.publish([5], count(i));
    await vi.waitFor(() => expect(atTwo).toHaveLength(20));
    await new Promise((r) => setTimeout(r, 200));
    const expected = Array.from({ length: 20 }, (_, i) => count(i + 1));
    expect(atOne).toEqual(expected);
    expect(atTwo).toEqual(expected);
    expect(atElsewhere).toEqual([]);
  });

  it('reconnects a dropped listener, telling subscribers they may have missed events', async () => {
    const sender = bus(schemas[1] as string);
    const listener = bus(schemas[1] as string);
    const lost = vi.fn();
    const early = vi.fn();
    // One subscribing before the link is up may have missed events, and is told so once it is.
    collect(listener, 9, early);
    await listener.ready?.();
    expect(early).toHaveBeenCalledTimes(1);
    const got = collect(listener, 8, lost);
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()`,
      [`listen "${channelFor(schemas[1] as string)}"`],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
    await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
    await listener.ready?.();
    sender.publish([8], count(42));
    await vi.waitFor(() => expect(got).toEqual([count(42)]));
  });

  it('resolves a broadcast once it was sent, so a command may close its pool right after', async () => {
    const heard: string[][] = [];
    const listener = bus(schemas[1] as string);
    listener.onBroadcast?.((tags) => heard.push(tags), () => undefined);
    await listener.ready?.();
    // A command's own pool and bus, closed as soon as the broadcast resolves.
    const db = createDb({ kind: 'postgres', url: url as string, schema: schemas[1] as string });
    const command = createPostgresEventBus({ url: url as string, schema: schemas[1] as string, db, log });
    const pending = [command.broadcast?.(['session:1']), command.broadcast?.(['session:2', 'x'.repeat(9000)])];
    await Promise.all(pending);
    await db.destroy();
    await vi.waitFor(() => expect(heard).toEqual([['session:1'], ['session:2', 'x'.repeat(9000)]]));
    await command.close();
  });

  it('closes while still connecting, and waits for notifications being sent', async () => {
    const b = bus(schemas[0] as string);
    b.subscribe(1, () => undefined);
    b.publish([1], count(1));
    await b.close();
    await expect(b.ready?.()).resolves.toBeUndefined();
  });
});
