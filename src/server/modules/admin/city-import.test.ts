import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CITY_IMPORT_MAX_BYTES, type CityImportDto } from '../../../common/schemas/admin-cities';
import { describeEachEngine, useTestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { makeAdmin } from '../../test/listing-factories';
import { multipartBody } from '../../test/multipart';
import { callerFor } from '../../test/call-as';
import { usePeople } from '../../test/people';


/** A GeoNames line: the 19 tab-separated columns of cities*.txt. */
function geonamesLine(id: number, name: string, lat: number, lon: number, country: string, population: number, feature = 'PPL'): string {
  return [id, name, name, '', lat, lon, 'P', feature, country, '', '01', '', '', '', population, '', 100, 'Europe/Berlin', '2024-01-01'].join('\t');
}

/** Twenty lines: 18 new towns, Berlin (matched by name and place, gets its GeoNames id) and a district, which is skipped. */
const GEONAMES = [
  ...Array.from({ length: 18 }, (_, i) =>
    geonamesLine(9_100_000 + i, `Geotest ${String.fromCharCode(65 + i)}${i % 2 ? 'stadt' : 'dorf'}`, 48 + i * 0.3, 8 + i * 0.2, i < 12 ? 'DE' : 'AT', 1000 * (i + 1)),
  ),
  geonamesLine(2950159, 'Berlin', 52.52437, 13.41053, 'DE', 3_426_354),
  geonamesLine(9_200_000, 'Geotest Bezirk', 52.5, 13.4, 'DE', 50_000, 'PPLX'),
].join('\n');

/** A zip holding one deflated entry, as GeoNames ships its extracts. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const packed = deflateRawSync(data);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(packed.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(Buffer.byteLength(name), 28);
  return Buffer.concat([header, Buffer.from(name), packed, central, Buffer.from(name)]);
}

describeEachEngine('admin city import', (engine) => {
  const t = useTestApp(engine);
  const people = usePeople(t, { admin: 'artist', artist: 'artist', studio: 'studio', typist: 'artist' });
  beforeAll(async () => {
    await makeAdmin(t.app, people.admin);
  });

  const call = callerFor(t);

  async function upload(data: Buffer | string, file: { filename?: string; type?: string; field?: string } = {}, as: TestUser | null = people.admin) {
    const body = await multipartBody({}, { data: Buffer.from(data), field: file.field ?? 'file', filename: file.filename ?? 'cities.csv', type: file.type ?? 'text/csv' });
    return t.app.inject({ method: 'POST', url: '/api/admin/city-imports', payload: body.payload, headers: { ...body.headers, 'accept-language': 'en', ...(as ? { cookie: as.cookie } : {}) } });
  }

  /** The import once its background work is over. */
  async function settled(id: number): Promise<CityImportDto> {
    for (let i = 0; i < 400; i++) {
      const res = await call('GET', `/api/admin/city-imports/${id}`, { as: people.admin });
      expect(res.statusCode).toBe(200);
      const body = res.json() as CityImportDto;
      if (body.status !== 'parsing' && body.status !== 'importing') return body;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the import did not settle');
  }

  async function uploaded(data: Buffer | string, file: { filename?: string; type?: string } = {}): Promise<CityImportDto> {
    const res = await upload(data, file);
    expect(res.statusCode, res.body).toBe(202);
    return settled(res.json().importId as number);
  }

  async function committed(id: number, filters: object = {}): Promise<CityImportDto> {
    const res = await call('POST', `/api/admin/city-imports/${id}/commit`, { as: people.admin, payload: filters });
    expect(res.statusCode, res.body).toBe(202);
    return settled(id);
  }

  const auditCount = async () =>
    Number(
      (await t.app.ctx.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).where('target_type', '=', 'city_import').executeTakeFirstOrThrow()).n,
    );
  const cityCount = async () => Number((await t.app.ctx.db.selectFrom('cities').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
  const lookup = async (code: string, q: string) =>
    ((await call('GET', `/api/countries/${code}/cities?q=${encodeURIComponent(q)}`, { as: people.artist })).json() as { id: number; name: string }[]).map((c) => c.name);

  it('previews a GeoNames extract, imports it, and a second import of it changes nothing', async () => {
    // Looked up before, so the answer is cached and the import must clear it.
    expect(await lookup('DE', 'Geotest')).toEqual([]);
    const typed = await call('PUT', `/api/users/${people.typist.user.id}/profile`, {
      as: people.typist,
      payload: { name: 'Typist', countryId: (await t.app.ctx.db.selectFrom('countries').select('id').where('code', '=', 'DE').executeTakeFirstOrThrow()).id, cityId: 0, city: 'Geotest Adorf' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const freeBefore = (await call('GET', '/api/admin/cities/free-text?countryCode=de', { as: people.admin })).json().names;
    expect(freeBefore).toContainEqual({ name: 'Geotest Adorf', countryCode: 'DE', uses: 1, matchedCityId: null });

    const audits = await auditCount();
    const citiesBefore = await cityCount();
    const preview = await uploaded(GEONAMES, { filename: 'cities15000.txt', type: 'text/plain' });
    expect(await auditCount()).toBe(audits + 1);
    expect(preview).toMatchObject({
      status: 'ready',
      source: 'geonames',
      licence: expect.stringContaining('CC BY 4.0'),
      progress: 100,
      totalRows: 19,
      validRows: 19,
      newCities: 18,
      updatedCities: 1,
      unchanged: 0,
      errorCount: 0,
      errors: [],
    });
    expect(preview.preview).toHaveLength(19);
    const berlin = preview.preview.find((c) => c.name === 'Berlin');
    expect(berlin).toMatchObject({ action: 'update', line: 19, geonameId: 2950159, cityId: expect.any(Number), before: { name: 'Berlin', geonameId: null } });
    expect(await cityCount()).toBe(citiesBefore);

    const done = await committed(preview.id, { linkFreeText: true });
    expect(done).toMatchObject({ status: 'done', progress: 100, newCities: 18, updatedCities: 1, unchanged: 0, linked: 1 });
    expect(await auditCount()).toBe(audits + 2);
    expect(await cityCount()).toBe(citiesBefore + 18);
    const stored = await t.app.ctx.db.selectFrom('cities').select(['id', 'geoname_id', 'population']).where('name', '=', 'Berlin').executeTakeFirstOrThrow();
    expect(Number(stored.geoname_id)).toBe(2950159);
    expect(Number(stored.population)).toBe(3_426_354);
    expect(await t.app.ctx.db.selectFrom('city_import_rows').select('line').execute()).toEqual([]);

    // The profile editor's city lookup finds the new town at once.
    expect(await lookup('DE', 'Geotest A')).toEqual(['Geotest Adorf']);
    expect(await lookup('AT', 'geotest m')).toEqual(['Geotest Mdorf']);
    const adorf = await t.app.ctx.db.selectFrom('cities').select('id').where('name', '=', 'Geotest Adorf').executeTakeFirstOrThrow();
    const typist = await t.app.ctx.db.selectFrom('users').select(['city_id', 'city_name']).where('id', '=', people.typist.user.id).executeTakeFirstOrThrow();
    expect(typist).toEqual({ city_id: adorf.id, city_name: 'Geotest Adorf' });
    const profile = await call('GET', `/api/profile/${people.typist.user.username}`);
    expect(profile.json().user).toMatchObject({ cityId: adorf.id, cityName: 'Geotest Adorf' });
    const freeAfter = (await call('GET', '/api/admin/cities/free-text?countryCode=DE', { as: people.admin })).json().names;
    expect(freeAfter.map((n: { name: string }) => n.name)).not.toContain('Geotest Adorf');

    const snapshot = async () => (await t.app.ctx.db.selectFrom('cities').selectAll().orderBy('id').execute()).map((c) => JSON.stringify(c));
    const before = await snapshot();
    const again = await uploaded(zipOf('cities15000.txt', GEONAMES), { filename: 'cities15000.zip', type: 'application/zip' });
    expect(again).toMatchObject({ status: 'ready', source: 'geonames', totalRows: 19, validRows: 19, newCities: 0, updatedCities: 0, unchanged: 19, preview: [] });
    expect(await committed(again.id)).toMatchObject({ status: 'done', newCities: 0, updatedCities: 0, unchanged: 19 });
    expect(await snapshot()).toEqual(before);
  });

  it('previews a CSV with errors, imports its valid rows with the filters, and again changes nothing', async () => {
    const csv = [
      'name,countryCode,latitude,longitude,population,geonameId,name_de,name_en',
      'Csvtest Nord,DE,53.1,9.9,20000,,Csvtest Norden,',
      'Csvtest Klein,DE,53.3,9.7,500,,,',
      'Csvtest Süd,AT,47.1,13.2,30000,,,Csvtest South',
      '"Csvtest, Quoted",DE,50.1,7.1,40000,,,',
      'Bad Latitude,DE,91,9.9,100,,,',
      'Nowhere,QQ,50,10,100,,,',
      ',DE,50,10,100,,,',
      'Too,Few,Columns',
      'Csvtest Nord,DE,53.1001,9.9001,20000,,,',
      'Bad Population,DE,50,10,many,,,',
      '',
      'Csvtest Ost,de,52.0,14.0,25000,,,',
    ].join('\r\n');
    const preview = await uploaded(`\uFEFF${csv}`);
    expect(preview).toMatchObject({ status: 'ready', source: 'csv', licence: null, totalRows: 11, validRows: 5, newCities: 5, updatedCities: 0, errorCount: 6 });
    expect(preview.errors.map((e) => [e.line, e.code])).toEqual([
      [6, 'cityImportLatitude'],
      [7, 'cityImportCountryUnknown'],
      [8, 'cityImportName'],
      [9, 'cityImportColumns'],
      [10, 'cityImportDuplicate'],
      [11, 'cityImportPopulation'],
    ]);
    expect(preview.errors[1]?.message).toBe('The country code QQ is unknown.');
    const german = (await call('GET', `/api/admin/city-imports/${preview.id}`, { as: people.admin, lang: 'de' })).json() as CityImportDto;
    expect(german.errors[4]?.message).toBe('Diese Stadt steht bereits in Zeile 2.');

    const before = await cityCount();
    const done = await committed(preview.id, { minPopulation: 10_000, countryCodes: ['de'] });
    expect(done).toMatchObject({ status: 'done', newCities: 3, updatedCities: 0 });
    expect(await cityCount()).toBe(before + 3);
    const names = await t.app.ctx.db.selectFrom('cities').select('name').where('name', 'like', 'Csvtest%').orderBy('name').execute();
    expect(names.map((n) => n.name)).toEqual(['Csvtest Nord', 'Csvtest Ost', 'Csvtest, Quoted']);
    expect(await lookup('DE', 'Csvtest Norden')).toEqual(['Csvtest Nord']);
    const localized = await call('GET', `/api/countries/DE/cities?q=csvtest%20n`, { lang: 'de' });
    expect(localized.json().map((c: { name: string }) => c.name)).toEqual(['Csvtest Norden']);

    const again = await uploaded(csv);
    expect(again).toMatchObject({ newCities: 2, updatedCities: 0, unchanged: 3 });
    expect(again.preview.map((c) => c.name).sort()).toEqual(['Csvtest Klein', 'Csvtest Süd']);
    expect(await committed(again.id, { minPopulation: 10_000, countryCodes: ['DE'] })).toMatchObject({ newCities: 0, updatedCities: 0, unchanged: 3 });
    expect(await cityCount()).toBe(before + 3);
  });

  it('refuses bad files with nothing recorded', async () => {
    const audits = await auditCount();
    const imports = async () => (await t.app.ctx.db.selectFrom('city_imports').select('id').execute()).length;
    const count = await imports();
    const cases: [LightMyRequestResponse, number, string][] = [
      [await upload('city,country\nBerlin,DE'), 400, 'cityImportHeader'],
      [await upload('name,countryCode,latitude,longitude,color\nX,DE,1,1,red'), 400, 'cityImportHeader'],
      [await upload(''), 400, 'cityImportHeader'],
      [await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), 400, 'cityImportNotCsv'],
      [await upload('just some words without separators'), 400, 'cityImportNotCsv'],
      [await upload('name,countryCode,latitude,longitude', { type: 'image/png', filename: 'cities.png' }), 415, 'cityImportUnsupportedType'],
      [await upload('name,countryCode,latitude,longitude', { field: 'image' }), 400, 'cityImportFileRequired'],
      [await call('POST', '/api/admin/city-imports', { as: people.admin, payload: { file: 'x' } }), 415, 'unsupportedMediaType'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
    }
    expect(await imports()).toBe(count);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 413 for a file over the limit, read as a stream', async () => {
    const boundary = '----cityimport';
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const chunks = Math.ceil(CITY_IMPORT_MAX_BYTES / chunk.length) + 1;
    const payload = Readable.from(
      (function* () {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nname,countryCode,latitude,longitude\n`);
        for (let i = 0; i < chunks; i++) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const audits = await auditCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/city-imports',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: people.admin.cookie, 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('cityImportTooLarge');
    expect(await auditCount()).toBe(audits);
  });

  it('discards a ready import once, and answers 404 for an unknown one and 400 for bad input', async () => {
    const preview = await uploaded('name,countryCode,latitude,longitude\nDiscardtest,DE,50,10');
    const audits = await auditCount();
    const res = await call('DELETE', `/api/admin/city-imports/${preview.id}`, { as: people.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditCount()).toBe(audits + 1);
    expect((await settled(preview.id)).status).toBe('cancelled');
    expect(await t.app.ctx.db.selectFrom('city_import_rows').select('line').where('import_id', '=', preview.id).execute()).toEqual([]);
    expect((await call('DELETE', `/api/admin/city-imports/${preview.id}`, { as: people.admin })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/city-imports/${preview.id}/commit`, { as: people.admin, payload: {} })).statusCode).toBe(409);
    expect(await auditCount()).toBe(audits + 1);

    for (const [method, url] of [
      ['GET', '/api/admin/city-imports/999999'],
      ['POST', '/api/admin/city-imports/999999/commit'],
      ['DELETE', '/api/admin/city-imports/999999'],
      ['GET', '/api/admin/city-imports/99999999999'],
      ['GET', '/api/admin/cities/free-text?countryCode=QQ'],
    ] as const) {
      const r = await call(method, url, { as: people.admin, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    const ready = await uploaded('name,countryCode,latitude,longitude\nBadcommit,DE,50,10');
    for (const [url, payload] of [
      [`/api/admin/city-imports/abc/commit`, {}],
      [`/api/admin/city-imports/${ready.id}/commit`, { minPopulation: -1 }],
      [`/api/admin/city-imports/${ready.id}/commit`, { countryCodes: ['DEU'] }],
      [`/api/admin/city-imports/${ready.id}/commit`, { linkFreeText: 'yes' }],
    ] as const) {
      expect((await call('POST', url, { as: people.admin, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/api/admin/city-imports/abc', { as: people.admin })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/cities/free-text?countryCode=DEU', { as: people.admin })).statusCode).toBe(400);
    expect((await settled(ready.id)).status).toBe('ready');
  });

  it('stops a running import after its current batch, keeping the cities written', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `Stoptest ${i},DE,${(47 + i * 0.002).toFixed(4)},${(6 + i * 0.003).toFixed(4)}`);
    const preview = await uploaded(['name,countryCode,latitude,longitude', ...rows].join('\n'));
    expect(preview).toMatchObject({ status: 'ready', validRows: 2500, newCities: 2500 });
    const audits = await auditCount();
    expect((await call('POST', `/api/admin/city-imports/${preview.id}/commit`, { as: people.admin, payload: {} })).statusCode).toBe(202);
    const stop = await call('DELETE', `/api/admin/city-imports/${preview.id}`, { as: people.admin });
    // The import reads as cancelled at once; its job finishes the batch it is in, then drops the staged rows.
    const staged = () => t.app.ctx.db.selectFrom('city_import_rows').select('line').where('import_id', '=', preview.id).execute();
    for (let i = 0; i < 400 && (await staged()).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    const end = await settled(preview.id);
    const written = (await t.app.ctx.db.selectFrom('cities').select('id').where('name', 'like', 'Stoptest %').execute()).length;
    if (stop.statusCode === 200) {
      // Stopped between batches: whole batches only, never all of them.
      expect(end.status).toBe('cancelled');
      expect(written % 1000).toBe(0);
      expect(written).toBeLessThan(2500);
      expect(end.newCities).toBe(written);
      expect(await auditCount()).toBe(audits + 2);
    } else {
      // The import was faster than the stop.
      expect(stop.statusCode).toBe(409);
      expect(end.status).toBe('done');
      expect(written).toBe(2500);
      expect(await auditCount()).toBe(audits + 1);
    }
    expect(await staged()).toEqual([]);
  });

  it('answers a visitor 401 and an artist or studio 403 on every route', async () => {
    const preview = await uploaded('name,countryCode,latitude,longitude\nGuardtest,DE,50,10');
    const routes = [
      ['GET', `/api/admin/city-imports/${preview.id}`],
      ['POST', `/api/admin/city-imports/${preview.id}/commit`],
      ['DELETE', `/api/admin/city-imports/${preview.id}`],
      ['GET', '/api/admin/cities/free-text'],
    ] as const;
    for (const [who, status] of [
      [null, 401],
      [people.artist, 403],
      [people.studio, 403],
    ] as const) {
      for (const [method, url] of routes) {
        const res = await call(method, url, { as: who, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
      expect((await upload('name,countryCode,latitude,longitude\nX,DE,1,1', {}, who)).statusCode).toBe(status);
    }
    expect((await settled(preview.id)).status).toBe('ready');
  });

  describe('concurrent commits', () => {
    it('starts an import once when many commit it at once', async () => {
      const preview = await uploaded('name,countryCode,latitude,longitude,population\nRacetest,DE,50.5,10.5,1000');
      const audits = await auditCount();
      const answers = await Promise.all(Array.from({ length: 50 }, () => call('POST', `/api/admin/city-imports/${preview.id}/commit`, { as: people.admin, payload: {} })));
      expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49);
      expect(await auditCount()).toBe(audits + 1);
      expect(await settled(preview.id)).toMatchObject({ status: 'done', newCities: 1 });
      expect(await t.app.ctx.db.selectFrom('cities').select('id').where('name', '=', 'Racetest').execute()).toHaveLength(1);
    });
  });
});
