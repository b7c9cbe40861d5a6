import { beforeAll, describe, expect, it } from 'vitest';
import { CITY_NAMES } from '../../seed/reference/city-names';
import { seedReference } from '../../seed/reference/index';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, type TestUser } from '../../test/factories';
import { call, createGuestSpot, placeUser, referenceIds } from '../../test/listing-factories';
import { givePicture } from '../../test/pictures';

interface CityJson {
  id: number;
  name: string;
}
interface CountryJson {
  code: string;
  cities: CityJson[];
}

/** The cities issue 14 names, in each interface language. */
const EXPECTED: Record<string, { code: string; seeded: string; names: Record<'en' | 'de' | 'es' | 'fr' | 'pt', string> }> = {
  munich: { code: 'DE', seeded: 'Munich', names: { en: 'Munich', de: 'München', es: 'Múnich', fr: 'Munich', pt: 'Munique' } },
  vienna: { code: 'AT', seeded: 'Vienna', names: { en: 'Vienna', de: 'Wien', es: 'Viena', fr: 'Vienne', pt: 'Viena' } },
  prague: { code: 'CZ', seeded: 'Prague', names: { en: 'Prague', de: 'Prag', es: 'Praga', fr: 'Prague', pt: 'Praga' } },
  lisbon: { code: 'PT', seeded: 'Lisbon', names: { en: 'Lisbon', de: 'Lissabon', es: 'Lisboa', fr: 'Lisbonne', pt: 'Lisboa' } },
  copenhagen: { code: 'DK', seeded: 'Copenhagen', names: { en: 'Copenhagen', de: 'Kopenhagen', es: 'Copenhague', fr: 'Copenhague', pt: 'Copenhaga' } },
  milan: { code: 'IT', seeded: 'Milan', names: { en: 'Milan', de: 'Mailand', es: 'Milán', fr: 'Milan', pt: 'Milão' } },
  cologne: { code: 'DE', seeded: 'Köln', names: { en: 'Cologne', de: 'Köln', es: 'Colonia', fr: 'Cologne', pt: 'Colônia' } },
};
const LANGS = ['en', 'de', 'es', 'fr', 'pt'] as const;

describeEachEngine('city names in the page language', (engine) => {
  const t = useTestApp(engine);

  it('seeds a name per language for every listed exonym, once', async () => {
    const db = t.app.ctx.db;
    const rows = await db.selectFrom('city_names').select(['city_id', 'language', 'name']).execute();
    expect(rows).toHaveLength(CITY_NAMES.length * LANGS.length);
    const munich = await db
      .selectFrom('city_names')
      .innerJoin('cities', 'cities.id', 'city_names.city_id')
      .select(['city_names.language', 'city_names.name'])
      .where('cities.name', '=', 'Munich')
      .execute();
    expect(Object.fromEntries(munich.map((r) => [r.language, r.name]))).toEqual(EXPECTED.munich?.names);
    await seedReference(db);
    expect(await db.selectFrom('city_names').select('city_id').execute()).toHaveLength(rows.length);

    // A database seeded from an older list is brought in line on the next start.
    const first = rows[0] as (typeof rows)[number];
    await db.updateTable('city_names').set({ name: 'Outdated' }).where('city_id', '=', first.city_id).where('language', '=', first.language).execute();
    await db.deleteFrom('city_names').where('city_id', '=', (rows[rows.length - 1] as (typeof rows)[number]).city_id).execute();
    await seedReference(db);
    const again = await db.selectFrom('city_names').select(['city_id', 'language', 'name']).execute();
    const sorted = (list: typeof rows) => list.map((r) => `${r.city_id}|${r.language}|${r.name}`).sort();
    expect(sorted(again)).toEqual(sorted(rows));
  });

  it('names the cities of the location file in the request language, the seeded name where none differs', async () => {
    for (const lang of LANGS) {
      const res = await t.app.inject({ method: 'GET', url: '/countries-cities-completed.json', headers: { 'accept-language': lang } });
      const body = res.json() as CountryJson[];
      for (const city of Object.values(EXPECTED)) {
        const names = body.find((c) => c.code === city.code)?.cities.map((c) => c.name);
        expect(names, `${city.seeded} in ${lang}`).toContain(city.names[lang]);
      }
      const germany = body.find((c) => c.code === 'DE')?.cities.map((c) => c.name);
      expect(germany).toContain({ en: 'Berlin', de: 'Berlin', es: 'Berlín', fr: 'Berlin', pt: 'Berlim' }[lang]);
      expect(germany).toContain('Bielefeld');
    }
  });

  it('finds a city by any spelling in the city search and answers it in the request language, kept apart per language', async () => {
    const search = async (url: string, lang: string) =>
      ((await t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).json() as CityJson[]).map((c) => c.name);
    expect((await search('/api/countries/DE/cities?q=münch&limit=3', 'en'))[0]).toBe('Munich');
    expect((await search('/api/countries/DE/cities?q=munich&limit=3', 'de'))[0]).toBe('München');
    expect((await search('/api/countries/DE/cities?q=munich&limit=3', 'en'))[0]).toBe('Munich');
    expect((await search('/api/countries/DE/cities?q=cologne&limit=3', 'de'))[0]).toBe('Köln');
    expect((await search('/api/countries/DE/cities?q=koln&limit=3', 'pt'))[0]).toBe('Colônia');
    expect((await search('/api/countries/AT/cities?q=wien&limit=3', 'fr'))[0]).toBe('Vienne');
    expect((await search('/api/countries/PT/cities?q=lissa&limit=3', 'es'))[0]).toBe('Lisboa');
    expect((await search('/api/countries/IT/cities?q=mail&limit=3', 'de'))[0]).toBe('Mailand');
    expect(await search('/api/countries/DE/cities?q=xyzzy', 'de')).toEqual([]);
  });

  describe('answers that show a city', () => {
    let artist: TestUser;
    let studio: TestUser;
    let ids: Awaited<ReturnType<typeof referenceIds>>;
    let spotId: number;

    beforeAll(async () => {
      ids = await referenceIds(t.app);
      artist = await createArtist(t.app);
      studio = await createStudio(t.app);
      await givePicture(t.app, artist, 'work');
      await givePicture(t.app, studio);
      // The profile forms store a listed city's seeded name with its id.
      await placeUser(t.app, artist, { countryId: ids.country('DE'), cityId: ids.munich.id, cityName: ids.munich.name });
      await placeUser(t.app, studio, { countryId: ids.country('AT'), cityId: ids.vienna.id, cityName: ids.vienna.name });
      await t.app.ctx.db
        .updateTable('users')
        .set({ featured_until: new Date(Date.now() + 86_400_000).toISOString() })
        .where('id', '=', artist.user.id)
        .execute();
      spotId = (await createGuestSpot(t.app, studio, { title: 'Sommer im Studio', countryId: ids.country('DE'), cityId: ids.munich.id })).id;
    });

    it('a profile', async () => {
      for (const lang of LANGS) {
        const res = await call(t.app, 'GET', `/api/profile/${artist.user.username}`, { lang });
        expect(res.statusCode).toBe(200);
        const user = res.json().user;
        expect(user.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
        expect(user.city).toBe(user.cityName);
        expect(user.cityId).toBe(ids.munich.id);
      }
    });

    it('a guest spot, its list and its poster', async () => {
      for (const lang of LANGS) {
        const detail = (await call(t.app, 'GET', `/api/guest-spots/${spotId}`, { lang })).json();
        expect(detail.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
        expect(detail.studio.cityName, lang).toBe(EXPECTED.vienna?.names[lang]);
        const list = (await call(t.app, 'GET', '/api/guest-spots', { lang })).json();
        expect(list.items.find((s: { id: number }) => s.id === spotId)?.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
      }
    });

    it('finds a guest spot by its city in any spelling', async () => {
      for (const q of ['München', 'munchen', 'Munich', 'Múnich', 'Munique']) {
        const list = (await call(t.app, 'GET', `/api/guest-spots?q=${encodeURIComponent(q)}`, { lang: 'de' })).json();
        expect(list.items.map((s: { id: number }) => s.id), q).toContain(spotId);
      }
      const other = (await call(t.app, 'GET', `/api/guest-spots?q=${encodeURIComponent('Lissabon')}`, { lang: 'de' })).json();
      expect(other.items.map((s: { id: number }) => s.id)).not.toContain(spotId);
    });

    it('the artist list and the featured artists', async () => {
      for (const lang of LANGS) {
        const artists = (await call(t.app, 'GET', '/api/artists', { lang })).json();
        expect(artists.items.find((a: { id: number }) => a.id === artist.user.id)?.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
        const featured = (await call(t.app, 'GET', '/api/featured/artists?limit=5', { lang })).json();
        expect(featured.artists.find((a: { id: number }) => a.id === artist.user.id)?.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
      }
    });

    it('the gallery, whose city filter takes either spelling', async () => {
      for (const lang of LANGS) {
        const page = (await call(t.app, 'GET', '/api/gallery', { lang })).json();
        const image = page.images.find((i: { userId: number }) => i.userId === artist.user.id);
        expect(image?.user.cityName, lang).toBe(EXPECTED.munich?.names[lang]);
      }
      for (const city of ['München', 'Munich', 'münchen', 'Munique']) {
        const page = (await call(t.app, 'GET', `/api/gallery?city=${encodeURIComponent(city)}`, { lang: 'en' })).json();
        expect(page.images.map((i: { userId: number }) => i.userId), city).toContain(artist.user.id);
      }
      const elsewhere = (await call(t.app, 'GET', `/api/gallery?city=${encodeURIComponent('Wien')}`, { lang: 'de' })).json();
      expect(elsewhere.images.map((i: { userId: number }) => i.userId)).not.toContain(artist.user.id);
    });
  });
});
