import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createLeases } from './index';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describeEachEngine('job leases', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.close());

  it('go to one holder until they expire, then to whoever asks', async () => {
    const a = createLeases(t.db, 'a');
    const b = createLeases(t.db, 'b');
    expect(await a.take('digest', 60_000, at(0))).toBe(true);
    expect(await b.take('digest', 60_000, at(1_000))).toBe(false);
    // The holder renews, which moves the end out of b's reach.
    expect(await a.take('digest', 60_000, at(50_000))).toBe(true);
    expect(await b.take('digest', 60_000, at(70_000))).toBe(false);
    // a stops renewing (it died): past the end b takes over, and a's late renewal fails.
    expect(await b.take('digest', 60_000, at(110_000))).toBe(true);
    expect(await a.take('digest', 60_000, at(111_000))).toBe(false);
    const row = await t.db.selectFrom('job_leases').selectAll().where('name', '=', 'digest').executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'digest', holder: 'b', expires_at: at(170_000).toISOString() });
  });

  it('are kept apart by name and given up only by their holder', async () => {
    const a = createLeases(t.db, 'a');
    const b = createLeases(t.db, 'b');
    expect(await a.take('sweep', 60_000, at(0))).toBe(true);
    expect(await b.take('reconcile', 60_000, at(0))).toBe(true);
    await b.release('sweep');
    expect(await b.take('sweep', 60_000, at(1_000))).toBe(false);
    await a.release('sweep');
    expect(await b.take('sweep', 60_000, at(1_000))).toBe(true);
  });

  it('go to exactly one of many asking at once', async () => {
    const asking = Array.from({ length: 20 }, (_, i) => createLeases(t.db, `p${i}`));
    const answers = await Promise.all(asking.map((l) => l.take('race', 60_000, at(0))));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});
