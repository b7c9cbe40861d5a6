import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { describeEachEngine, useTestApp } from '../../test/app';
import { makeAdmin } from '../../test/listing-factories';
import { callerFor } from '../../test/call-as';
import { usePeople } from '../../test/people';
import { createCityImportService, HEARTBEAT_STALE_MS } from './city-import-service';

describeEachEngine('city imports after a restart', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });
  const call = callerFor(t);

  /** An import as a stopped process left it: its status, its last heartbeat, a staged row. */
  async function leftBehind(status: string, heartbeatAgoMs: number | null): Promise<number> {
    const at = new Date().toISOString();
    const row = await t.app.ctx.db
      .insertInto('city_imports')
      .values({
        admin_id: people.admin.user.id,
        status,
        filename: 'cities.csv',
        source: 'csv',
        created_at: at,
        updated_at: at,
        heartbeat_at: heartbeatAgoMs === null ? null : new Date(Date.now() - heartbeatAgoMs).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('city_import_rows')
      .values({ import_id: row.id, line: 2, country_code: 'DE', name: 'Neustadt', latitude: 50, longitude: 10, population: 1000, geoname_id: null, names: null })
      .execute();
    return row.id;
  }
  const stagedCount = async (id: number) => (await t.app.ctx.db.selectFrom('city_import_rows').select('line').where('import_id', '=', id).execute()).length;
  const service = () => createCityImportService({ db: t.app.ctx.db, ctx: t.app.ctx, guestSpotsCacheKey: 'guest-spots' });

  it('answers an import whose process is gone as failed, asking for the upload again', async () => {
    const parsing = await leftBehind('parsing', HEARTBEAT_STALE_MS + 5_000);
    const importing = await leftBehind('importing', HEARTBEAT_STALE_MS * 10);
    const unknown = await leftBehind('importing', null);
    for (const id of [parsing, importing, unknown]) {
      const res = await call('GET', `/api/admin/city-imports/${id}`, { as: people.admin, lang: 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'failed',
        errors: [{ line: 0, code: 'cityImportInterrupted', message: 'Der Import wurde durch einen Neustart des Servers unterbrochen. Bitte lade die Datei erneut hoch.' }],
      });
      expect(await stagedCount(id)).toBe(0);
    }
    // Failed for good: it cannot be committed any more.
    const commit = await call('POST', `/api/admin/city-imports/${parsing}/commit`, { as: people.admin, payload: {} });
    expect(commit.statusCode).toBe(409);
  });

  it('leaves an import whose process still beats, and one that is finished', async () => {
    const running = await leftBehind('importing', 1_000);
    const ready = await leftBehind('ready', HEARTBEAT_STALE_MS * 10);
    expect(await service().failInterrupted()).not.toContain(running);
    expect((await call('GET', `/api/admin/city-imports/${running}`, { as: people.admin })).json().status).toBe('importing');
    expect((await call('GET', `/api/admin/city-imports/${ready}`, { as: people.admin })).json().status).toBe('ready');
    expect(await stagedCount(running)).toBe(1);
    expect(await stagedCount(ready)).toBe(1);
    await t.app.ctx.db.updateTable('city_imports').set({ status: 'cancelled' }).where('id', '=', running).execute();
  });

  it('fails a stale import once when several processes start at the same time', async () => {
    const stale = await leftBehind('importing', HEARTBEAT_STALE_MS * 2);
    const processes = Array.from({ length: 4 }, service);
    const claimed = (await Promise.all(processes.map((p) => p.failInterrupted()))).flat().filter((id) => id === stale);
    expect(claimed).toEqual([stale]);
    expect((await call('GET', `/api/admin/city-imports/${stale}`, { as: people.admin })).json().status).toBe('failed');
  });

  it('keeps the heartbeat of an import while its job runs', async () => {
    const csv = `name,countryCode,latitude,longitude\nHerzschlag,DE,51,9\n`;
    const imports = service();
    const id = await imports.upload(people.admin.user.id, { file: Readable.from([Buffer.from(csv)]), filename: 'beat.csv' }, () => new AppError(413, 'tooLarge'));
    const row = await t.app.ctx.db.selectFrom('city_imports').select(['heartbeat_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.heartbeat_at).not.toBeNull();
    await imports.idle();
    expect((await call('GET', `/api/admin/city-imports/${id}`, { as: people.admin })).json().status).toBe('ready');
  });
});
