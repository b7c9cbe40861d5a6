import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/index';
import { describeEachEngine } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { backoffMs, CLAIM_MS, createOutbox, type Outbox } from './index';

const quiet = { warn: () => undefined, error: () => undefined };
const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** An outbox on `db` whose `note` events record each delivery and clear a tag per note. */
function notingOutbox(db: Db, now?: () => Date) {
  const cleared: string[] = [];
  const deliveries: number[] = [];
  const outbox = createOutbox({ db, invalidation: { invalidate: (tags) => void cleared.push(...tags) }, log: quiet, now });
  const note = outbox.define<{ text: string }>('test.note', {
    tags: (p) => [`note:${p.text}`],
    deliver: async (_p, event) => void deliveries.push(event.id),
  });
  return { outbox, note, cleared, deliveries };
}

describeEachEngine('the outbox', (engine) => {
  let t: TestDatabase;
  const outboxes: Outbox[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  beforeEach(async () => {
    await t.db.deleteFrom('outbox_events').execute();
  });
  afterAll(async () => {
    for (const outbox of outboxes) await outbox.close();
    await t.close();
  });
  const track = <T extends { outbox: Outbox }>(made: T) => {
    outboxes.push(made.outbox);
    return made;
  };
  /** An outbox on the test's database whose clock the test moves (`clock.now`), closed after the file. */
  const clocked = (clock: { now: Date }) => {
    const outbox = createOutbox({ db: t.db, invalidation: { invalidate: () => undefined }, log: quiet, now: () => clock.now });
    outboxes.push(outbox);
    return outbox;
  };

  it('delivers an event once its transaction committed, and never one rolled back', async () => {
    const { outbox, note, cleared, deliveries } = track(notingOutbox(t.db));
    const kept = await t.db.transaction().execute((trx) => note.emit(trx, { text: 'kept' }));
    await expect(
      t.db.transaction().execute(async (trx) => {
        await note.emit(trx, { text: 'undone' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    outbox.afterCommit(kept);
    // Cleared at once by the writer, and again on delivery.
    expect(cleared).toEqual(['note:kept']);
    await outbox.drain();
    expect(deliveries).toEqual([kept.id]);
    expect(cleared).toEqual(['note:kept', 'note:kept']);
    const rows = await t.db.selectFrom('outbox_events').select(['kind', 'payload', 'attempts', 'delivered_at', 'last_error']).execute();
    expect(rows).toEqual([{ kind: 'test.note', payload: '{"text":"kept"}', attempts: 1, delivered_at: expect.any(String), last_error: null }]);
    expect(await outbox.status()).toEqual([]);
  });

  it('retries a failing consumer with growing waits until it succeeds', async () => {
    const clock = { now: at(0) };
    const outbox = clocked(clock);
    let calls = 0;
    const flaky = outbox.define<{ n: number }>('test.flaky', {
      deliver: async () => {
        calls++;
        if (calls <= 2) throw new Error(`mail server down (${calls})`);
      },
    });
    await flaky.emit(t.db, { n: 1 });
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 1 });
    const row = () => t.db.selectFrom('outbox_events').selectAll().executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ attempts: 1, next_attempt_at: at(backoffMs(1)).toISOString(), last_error: 'mail server down (1)', delivered_at: null });
    expect(await outbox.status()).toEqual([{ kind: 'test.flaky', pending: 0, retrying: 1, failed: 0, oldest: at(0).toISOString() }]);
    // Not before its time.
    clock.now = at(backoffMs(1) - 1);
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 0 });
    clock.now = at(backoffMs(1));
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 1 });
    // The second wait is twice the first.
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect((await row()).next_attempt_at).toBe(at(backoffMs(1) + backoffMs(2)).toISOString());
    clock.now = at(backoffMs(1) + backoffMs(2));
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 1, failed: 0 });
    expect(await row()).toMatchObject({ attempts: 3, last_error: null, delivered_at: clock.now.toISOString() });
    expect(calls).toBe(3);
  });

  it('gives a claimed event to another worker once the claim ran out (its worker died)', async () => {
    const clock = { now: at(0) };
    const hung = clocked(clock);
    let release: (() => void) | undefined;
    const stuck = hung.define<object>('test.slow', { deliver: () => new Promise<void>((resolve) => (release = resolve)) });
    await stuck.emit(t.db, {});
    const first = hung.deliverDue(clock.now);
    await expect.poll(() => release).toBeDefined();
    const other = notingOutboxWithKind('test.slow', () => clock.now);
    clock.now = at(CLAIM_MS - 1);
    expect(await other.outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 0 });
    clock.now = at(CLAIM_MS);
    expect(await other.outbox.deliverDue(clock.now)).toEqual({ delivered: 1, failed: 0 });
    release?.();
    // The first worker's late success changes nothing more.
    expect(await first).toEqual({ delivered: 1, failed: 0 });
    expect(await t.db.selectFrom('outbox_events').select(['attempts']).execute()).toEqual([{ attempts: 2 }]);
  });

  function notingOutboxWithKind(kind: string, now: () => Date) {
    const outbox = createOutbox({ db: t.db, invalidation: { invalidate: () => undefined }, log: quiet, now });
    outboxes.push(outbox);
    const deliveries: number[] = [];
    outbox.define<object>(kind, { deliver: async (_p, e) => void deliveries.push(e.id) });
    return { outbox, deliveries };
  }

  it('delivers each of 50 parallel writes once with two workers delivering at the same time', async () => {
    // Two processes on PostgreSQL, each its own pool on the one database; SQLite serves one
    // process, so there the two workers share its connection.
    const otherDb = engine === 'postgres' ? createDb(t.database) : t.db;
    try {
      const a = track(notingOutbox(t.db));
      const b = track(notingOutbox(otherDb));
      const ids = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const side = i % 2 ? a : b;
          const event = await (i % 2 ? t.db : otherDb).transaction().execute((trx) => side.note.emit(trx, { text: String(i) }));
          side.outbox.afterCommit(event);
          // Each write also wakes the other process's worker, as its poll would.
          (i % 2 ? b : a).outbox.nudge();
          return event.id;
        }),
      );
      await Promise.all([a.outbox.drain(), b.outbox.drain()]);
      const delivered = [...a.deliveries, ...b.deliveries].sort((x, y) => x - y);
      expect(delivered).toEqual([...ids].sort((x, y) => x - y));
      const left = await t.db.selectFrom('outbox_events').select('id').where('delivered_at', 'is', null).execute();
      expect(left).toEqual([]);
      await b.outbox.close();
    } finally {
      if (otherDb !== t.db) await otherDb.destroy();
    }
  });

  it('keeps an event whose kind this process does not know, with the reason', async () => {
    const { outbox } = track(notingOutbox(t.db));
    const stranger = createOutbox({ db: t.db, invalidation: { invalidate: () => undefined }, log: quiet });
    const kind = stranger.define<object>('test.unknown', {});
    await kind.emit(t.db, {});
    expect(await outbox.deliverDue(at(0))).toEqual({ delivered: 0, failed: 1 });
    const row = await t.db.selectFrom('outbox_events').select(['last_error', 'delivered_at']).executeTakeFirstOrThrow();
    expect(row).toEqual({ last_error: 'no definition for the event kind test.unknown', delivered_at: null });
  });

  it('delivers a prompt event in its writer before settle returns, and no round takes it meanwhile', async () => {
    const clock = { now: at(0) };
    const outbox = clocked(clock);
    const told: string[] = [];
    const live = outbox.define<{ text: string }>('test.live', { prompt: true, deliver: async (p) => void told.push(p.text) });
    const event = await t.db.transaction().execute((trx) => live.emit(trx, { text: 'hello' }));
    // Written claimed by its writer: a round running between the commit and the delivery leaves it.
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 0 });
    await outbox.settle(event);
    expect(told).toEqual(['hello']);
    const row = await t.db.selectFrom('outbox_events').select(['delivered_at', 'attempts']).executeTakeFirstOrThrow();
    expect(row.delivered_at).not.toBeNull();
    // Delivered: no round repeats it, even after the claim would have run out.
    clock.now = at(CLAIM_MS + 1);
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 0 });
    expect(told).toEqual(['hello']);
  });

  it('delivers a prompt event whose writer died after the commit once its claim ran out', async () => {
    const clock = { now: at(0) };
    const writer = clocked(clock);
    const heir = clocked(clock);
    const told: string[] = [];
    const kinds = [writer, heir].map((o) => o.define<{ text: string }>('test.live', { prompt: true, deliver: async (p) => void told.push(p.text) }));
    // The writer commits and is gone before it settles.
    await t.db.transaction().execute((trx) => (kinds[0] as (typeof kinds)[0]).emit(trx, { text: 'lost?' }));
    clock.now = at(CLAIM_MS - 1);
    expect(await heir.deliverDue(clock.now)).toEqual({ delivered: 0, failed: 0 });
    clock.now = at(CLAIM_MS);
    expect(await heir.deliverDue(clock.now)).toEqual({ delivered: 1, failed: 0 });
    expect(told).toEqual(['lost?']);
  });

  it('retries a prompt event whose delivery failed in its writer', async () => {
    const clock = { now: at(0) };
    const outbox = clocked(clock);
    let calls = 0;
    const live = outbox.define<{ n: number }>('test.live', {
      prompt: true,
      deliver: async () => {
        if (++calls === 1) throw new Error('the bus is down');
      },
    });
    const event = await t.db.transaction().execute((trx) => live.emit(trx, { n: 1 }));
    await outbox.settle(event);
    expect(await t.db.selectFrom('outbox_events').select(['delivered_at', 'last_error', 'next_attempt_at']).executeTakeFirstOrThrow()).toEqual({
      delivered_at: null,
      last_error: 'the bus is down',
      next_attempt_at: at(backoffMs(0)).toISOString(),
    });
    clock.now = at(backoffMs(0));
    expect(await outbox.deliverDue(clock.now)).toEqual({ delivered: 1, failed: 0 });
    expect(calls).toBe(2);
  });
});
