import { createHash } from 'node:crypto';
import type { Language } from '../../../common/languages';
import { notFound } from '../../errors';
import type { CountryRow, ReferenceRepo, StyleRow } from './repo';

export type LocalizedNames = Record<Language, string>;

export interface StyleDto {
  id: number;
  slug: string;
  name: string;
}

export interface CountryDto {
  id: number;
  code: string;
  name: string;
}

export interface CityDto {
  id: number;
  name: string;
  countryId: number;
  countryCode: string;
}

export interface CitySearchDto extends CityDto {
  latitude: number;
  longitude: number;
  population: number;
}

export interface CachedJson {
  body: string;
  etag: string;
}

interface City extends CitySearchDto {
  /** The name folded for prefix search, so "zur" finds Zürich and "o" finds Östersund. */
  key: string;
}

interface Snapshot {
  countries: CountryRow[];
  countriesByCode: Map<string, CountryRow>;
  /** Each country's cities, most populous first. */
  citiesByCountry: Map<number, City[]>;
  styles: StyleRow[];
}

/** Lowercase without accents: matching works the same on both engines and for any alphabet. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

function names(row: CountryRow | StyleRow): LocalizedNames {
  return { en: row.name_en, de: row.name_de, es: row.name_es, fr: row.name_fr, pt: row.name_pt };
}

const nameTieBreak = new Intl.Collator('en');
// The spec sorts style lists "alphabetically by name (German collation)" in every language.
const styleCollator = new Intl.Collator('de');

/**
 * Styles, countries and cities as the API serves them. Reference data only changes by seeding,
 * which happens before the server starts, so it is read once and every answer is kept per
 * language.
 */
export function createReferenceService(repo: ReferenceRepo) {
  let snapshot: Promise<Snapshot> | undefined;
  const countriesJson = new Map<Language, CachedJson>();
  const stylesByLang = new Map<Language, StyleDto[]>();
  const countriesByLang = new Map<Language, CountryDto[]>();

  async function build(): Promise<Snapshot> {
    const [countries, cities, styles] = await Promise.all([repo.listCountries(), repo.listCities(), repo.listStyles()]);
    const countriesById = new Map(countries.map((c) => [c.id, c]));
    const citiesByCountry = new Map<number, City[]>(countries.map((c) => [c.id, []]));
    for (const row of cities) {
      const country = countriesById.get(row.country_id);
      if (!country) continue;
      citiesByCountry.get(country.id)?.push({
        id: row.id,
        name: row.name,
        countryId: country.id,
        countryCode: country.code,
        latitude: row.latitude,
        longitude: row.longitude,
        population: row.population,
        key: foldForSearch(row.name),
      });
    }
    for (const list of citiesByCountry.values()) {
      list.sort((a, b) => b.population - a.population || nameTieBreak.compare(a.name, b.name));
    }
    return { countries, countriesByCode: new Map(countries.map((c) => [c.code, c])), citiesByCountry, styles };
  }

  function load(): Promise<Snapshot> {
    if (!snapshot) {
      snapshot = build();
      snapshot.catch(() => {
        snapshot = undefined;
      });
    }
    return snapshot;
  }

  function sortedCountries(data: Snapshot, lang: Language): CountryRow[] {
    const collator = new Intl.Collator(lang);
    const key = `name_${lang}` as const;
    return [...data.countries].sort((a, b) => collator.compare(a[key], b[key]));
  }

  return {
    /** The whole location picker's data: every country with its cities, serialized once per language. */
    async countriesWithCities(lang: Language): Promise<CachedJson> {
      const cached = countriesJson.get(lang);
      if (cached) return cached;
      const data = await load();
      const list = sortedCountries(data, lang).map((country) => ({
        id: country.id,
        name: country[`name_${lang}`],
        code: country.code,
        names: names(country),
        cities: (data.citiesByCountry.get(country.id) ?? []).map((c) => ({
          id: c.id,
          name: c.name,
          countryId: c.countryId,
          countryCode: c.countryCode,
        })),
      }));
      const body = JSON.stringify(list);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      const entry = { body, etag };
      countriesJson.set(lang, entry);
      return entry;
    },

    async styles(lang: Language): Promise<StyleDto[]> {
      const cached = stylesByLang.get(lang);
      if (cached) return cached;
      const data = await load();
      const list = data.styles
        .map((s) => ({ id: s.id, slug: s.slug, name: names(s)[lang] }))
        .sort((a, b) => styleCollator.compare(a.name, b.name));
      stylesByLang.set(lang, list);
      return list;
    },

    async countries(lang: Language): Promise<CountryDto[]> {
      const cached = countriesByLang.get(lang);
      if (cached) return cached;
      const data = await load();
      const list = sortedCountries(data, lang).map((c) => ({ id: c.id, code: c.code, name: c[`name_${lang}`] }));
      countriesByLang.set(lang, list);
      return list;
    },

    /** Cities of a country whose name starts with `query` (any case, accents optional), most populous first. */
    async searchCities(code: string, query: string, limit: number): Promise<CitySearchDto[]> {
      const data = await load();
      const country = data.countriesByCode.get(code.toUpperCase());
      if (!country) throw notFound();
      const prefix = foldForSearch(query.trim());
      const found: CitySearchDto[] = [];
      for (const city of data.citiesByCountry.get(country.id) ?? []) {
        if (found.length >= limit) break;
        if (!city.key.startsWith(prefix)) continue;
        const { id, name, countryId, countryCode, latitude, longitude, population } = city;
        found.push({ id, name, countryId, countryCode, latitude, longitude, population });
      }
      return found;
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
