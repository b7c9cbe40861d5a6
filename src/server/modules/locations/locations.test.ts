import { describe, expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { refreshCitySearchNames } from './repo';
import { boundingBox, distanceKm } from './service';

interface City {
  cityId: number;
  name: string;
  countryCode: string;
  countryName: string;
  lat: number;
  lng: number;
}

describe('geometry of the nearest-city lookup', () => {
  it('measures great-circle distances', () => {
    // Berlin to Munich is about 504 km as the crow flies.
    expect(distanceKm(52.52, 13.405, 48.1374, 11.5755)).toBeGreaterThan(500);
    expect(distanceKm(52.52, 13.405, 48.1374, 11.5755)).toBeLessThan(508);
    expect(distanceKm(10, 179.9, 10, -179.9)).toBeLessThan(25);
  });

  it('splits the box across the antimeridian and opens it at the poles', () => {
    expect(boundingBox(0, 179.5, 100).lng).toHaveLength(2);
    expect(boundingBox(0, -179.5, 100).lng).toHaveLength(2);
    expect(boundingBox(89.5, 0, 100).lng).toEqual([[-180, 180]]);
    const box = boundingBox(52.52, 13.405, 100);
    expect(box.lng).toHaveLength(1);
    expect(box.latMax - box.latMin).toBeCloseTo(1.8, 1);
  });
});

describeEachEngine('location search and geo lookup', (engine) => {
  const t = useTestApp(engine);

  const get = (url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
  const search = async (query: string, lang = 'en') => {
    const res = await get(`/api/locations/search?${query}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: City[] }).results;
  };

  it('finds a city by a prefix of any of its names, accents optional, named in the request language', async () => {
    const [en] = await search('q=munc');
    expect(en).toMatchObject({ name: 'Munich', countryCode: 'DE', countryName: 'Germany' });
    expect(en?.lat).toBeCloseTo(48.14, 1);
    expect(en?.lng).toBeCloseTo(11.58, 1);
    const [de] = await search('q=munc', 'de');
    expect(de).toMatchObject({ cityId: en?.cityId, name: 'München', countryName: 'Deutschland' });
    // The English name finds it in German too, and the German one with its umlaut in English.
    expect((await search('q=Munich', 'de'))[0]?.cityId).toBe(en?.cityId);
    expect((await search(`q=${encodeURIComponent('MÜNCH')}`))[0]?.cityId).toBe(en?.cityId);
    const [zurich] = await search('q=zur', 'de');
    expect(zurich).toMatchObject({ name: 'Zürich', countryCode: 'CH', countryName: 'Schweiz' });
    expect((await search('q=zur', 'fr'))[0]).toMatchObject({ name: 'Zurich', countryName: 'Suisse' });
  });

  it('lists each city once, most populous first, up to the limit', async () => {
    const results = await search('q=be&limit=20');
    expect(results.length).toBe(20);
    expect(new Set(results.map((c) => c.cityId)).size).toBe(20);
    expect((await search('q=ber&countryCode=de'))[0]?.name).toBe('Berlin');
    expect(await search('q=be')).toHaveLength(10);
    expect(await search('q=qxzqxz')).toEqual([]);
  });

  it('keeps to the country asked for', async () => {
    const austria = await search('q=wi&countryCode=AT', 'de');
    expect(austria[0]?.name).toBe('Wien');
    expect(austria.every((c) => c.countryCode === 'AT')).toBe(true);
    expect(await search('q=munc&countryCode=AT')).toEqual([]);
    expect(await search('q=munc&countryCode=QQ')).toEqual([]);
  });

  it('finds a city added later by every name once its search names are refreshed', async () => {
    const db = t.app.ctx.db;
    const denmark = await db.selectFrom('countries').select('id').where('code', '=', 'DK').executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('cities')
      .values({ country_id: denmark.id, name: 'Ærøskøbing', latitude: 54.888, longitude: 10.411, population: 950 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('city_names').values({ city_id: id, language: 'de', name: 'Aerösköbing' }).execute();
    expect(await search('q=aero')).toEqual([]);
    await db.transaction().execute((trx) => refreshCitySearchNames(trx, [id]));
    expect((await search('q=aero&countryCode=DK')).map((c) => c.name)).toEqual(['Ærøskøbing']);
    expect((await search(`q=${encodeURIComponent('Aerös')}`, 'de')).map((c) => c.name)).toEqual(['Aerösköbing']);
  });

  it('answers the nearest listed city within 100 km, and none beyond', async () => {
    // Alexanderplatz: Berlin, not a smaller town around it.
    const near = await get('/api/locations/nearest?lat=52.5219&lng=13.4132', 'de');
    expect(near.statusCode).toBe(200);
    const body = near.json() as { city: City; distanceKm: number };
    expect(body.city).toMatchObject({ name: 'Berlin', countryCode: 'DE', countryName: 'Deutschland' });
    expect(body.distanceKm).toBeLessThan(5);
    // South of Teltow, 20 km from Berlin's centre: the nearer town wins.
    expect((await get('/api/locations/nearest?lat=52.38&lng=13.27')).json()).toMatchObject({ city: { name: 'Teltow' } });
    // Munich's German name comes from the localized names.
    expect((await get('/api/locations/nearest?lat=48.14&lng=11.58', 'de')).json()).toMatchObject({ city: { name: 'München' } });
    // The middle of the Atlantic, and the North Pole.
    expect((await get('/api/locations/nearest?lat=40&lng=-40')).json()).toEqual({ city: null, distanceKm: null });
    expect((await get('/api/locations/nearest?lat=90&lng=0')).json()).toEqual({ city: null, distanceKm: null });
  });

  it('refuses bad input with a 400 in the request language', async () => {
    const cases: [string, string][] = [
      ['/api/locations/search?q=a', 'Gib 2 bis 80 Zeichen ein, um einen Ort zu suchen.'],
      ['/api/locations/search', 'Gib 2 bis 80 Zeichen ein, um einen Ort zu suchen.'],
      [`/api/locations/search?q=${'a'.repeat(81)}`, 'Gib 2 bis 80 Zeichen ein, um einen Ort zu suchen.'],
      ['/api/locations/search?q=%20%20b%20', 'Gib 2 bis 80 Zeichen ein, um einen Ort zu suchen.'],
      ['/api/locations/search?q=be&limit=0', 'Die Zahl der Ergebnisse muss eine ganze Zahl von 1 bis 20 sein.'],
      ['/api/locations/search?q=be&limit=21', 'Die Zahl der Ergebnisse muss eine ganze Zahl von 1 bis 20 sein.'],
      ['/api/locations/search?q=be&limit=2.5', 'Die Zahl der Ergebnisse muss eine ganze Zahl von 1 bis 20 sein.'],
      ['/api/locations/search?q=be&limit=x', 'Die Zahl der Ergebnisse muss eine ganze Zahl von 1 bis 20 sein.'],
      ['/api/locations/search?q=be&countryCode=DEU', 'Gib das Land als Code mit zwei Buchstaben an (z. B. DE).'],
      ['/api/locations/search?q=be&countryCode=1', 'Gib das Land als Code mit zwei Buchstaben an (z. B. DE).'],
      ['/api/locations/nearest?lat=91&lng=0', 'Der Breitengrad muss eine Zahl von -90 bis 90 sein.'],
      ['/api/locations/nearest?lat=abc&lng=0', 'Der Breitengrad muss eine Zahl von -90 bis 90 sein.'],
      ['/api/locations/nearest?lng=0', 'Der Breitengrad muss eine Zahl von -90 bis 90 sein.'],
      ['/api/locations/nearest?lat=&lng=0', 'Der Breitengrad muss eine Zahl von -90 bis 90 sein.'],
      ['/api/locations/nearest?lat=1&lat=2&lng=0', 'Der Breitengrad muss eine Zahl von -90 bis 90 sein.'],
      ['/api/locations/nearest?lat=0&lng=-180.5', 'Der Längengrad muss eine Zahl von -180 bis 180 sein.'],
      ['/api/locations/nearest?lat=0&lng=Infinity', 'Der Längengrad muss eine Zahl von -180 bis 180 sein.'],
    ];
    for (const [url, text] of cases) {
      const res = await get(url, 'de');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(text);
    }
    const english = await get('/api/locations/search?q=a');
    expect(english.json().error).toBe('Please enter 2 to 80 characters to search for a place.');
    expect((await get('/api/locations/search?q=%00b')).statusCode).toBe(400);
  });
});
