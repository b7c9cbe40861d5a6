import { createHash } from 'node:crypto';
import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { AppError, notFound } from '../../errors';
import { createReferenceRepo, type CountryRow, type StyleRow } from './repo';

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

/** Styles named in one language, in the order every answer lists them: by name, German collation (ids break ties). */
export function sortStyles<S extends { id: number; name: string }>(styles: S[]): S[] {
  return [...styles].sort((a, b) => styleCollator.compare(a.name, b.name) || a.id - b.id);
}

/** How a caller's form answers a wrong field: a 400 with the code, naming the field. */
export type FieldError = (code: string, field: string) => AppError;

/** The 400 of a wrong field as the listing forms read it: `field`, and `fields` mapping it to the code. */
export const fieldError: FieldError = (code, field) => new AppError(400, code, {}, { field, fields: { [field]: code } });

export interface PlaceInput {
  /** null: no country named (a listing's 0 means none; the caller maps it). */
  countryId: number | null;
  /** null or 0: no listed city (0 is a city typed by hand, kept in `cityName`). */
  cityId: number | null;
  cityName?: string | null;
}

export interface Place {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

export interface PlaceErrors {
  /** The code of a listed city outside the named country: the profile form answers `cityUnknown`, the listing forms `cityNotInCountry`. */
  cityMismatch?: 'cityUnknown' | 'cityNotInCountry';
  error?: FieldError;
}

/**
 * Styles, countries and cities as the API serves them. Reference data only changes by seeding,
 * which happens before the server starts, so it is read once and every answer is kept per
 * language.
 */
export function createReferenceService(deps: { db: Db }) {
  const repo = createReferenceRepo(deps.db);
  let snapshot: Promise<Snapshot> | undefined;

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

  /** An answer built once per language from the snapshot, then kept. */
  function perLanguage<T>(make: (data: Snapshot, lang: Language) => T): (lang: Language) => Promise<T> {
    const kept = new Map<Language, T>();
    return async (lang) => {
      const hit = kept.get(lang);
      if (hit) return hit;
      const made = make(await load(), lang);
      kept.set(lang, made);
      return made;
    };
  }

  return {
    /** The whole location picker's data: every country with its cities, serialized once per language. */
    countriesWithCities: perLanguage((data, lang): CachedJson => {
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
      return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
    }),

    styles: perLanguage((data, lang): StyleDto[] => sortStyles(data.styles.map((s) => ({ id: s.id, slug: s.slug, name: names(s)[lang] })))),

    countries: perLanguage((data, lang): CountryDto[] => sortedCountries(data, lang).map((c) => ({ id: c.id, code: c.code, name: c[`name_${lang}`] }))),

    /**
     * Every style id must exist (checked against the table, not the snapshot, so a style added
     * meanwhile counts); answers them in the order given.
     */
    async checkStyleIds(ids: number[], { field = 'styleIds', error = fieldError }: { field?: string; error?: FieldError } = {}): Promise<number[]> {
      const found = new Set(await repo.existingStyleIds(ids));
      if (ids.some((id) => !found.has(id))) throw error('styleUnknown', field);
      return ids;
    },

    /**
     * Checks a place against the tables: a named country must exist, a listed city must exist
     * and lie in the named country, and then decides the country and its name; without a listed
     * city the hand-typed name is kept.
     */
    async resolvePlace(input: PlaceInput, { cityMismatch = 'cityNotInCountry', error = fieldError }: PlaceErrors = {}): Promise<Place> {
      const { countryId, cityId } = input;
      if (countryId !== null && !(await repo.findCountryById(countryId))) throw error('countryUnknown', 'countryId');
      if (cityId) {
        const city = await repo.findCity(cityId);
        if (!city) throw error('cityUnknown', 'cityId');
        if (countryId !== null && city.country_id !== countryId) throw error(cityMismatch, 'cityId');
        return { countryId: city.country_id, cityId: city.id, cityName: city.name };
      }
      return { countryId, cityId: null, cityName: input.cityName ?? null };
    },

    /** A country filter of the lists: an id or an ISO code; an unknown one matches nothing (-1). */
    async countryFilterId(country: string | null | undefined): Promise<number | null> {
      if (!country) return null;
      const row = /^\d+$/.test(country) ? await repo.findCountryById(Number(country)) : await repo.findCountryByCode(country);
      return row?.id ?? -1;
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
