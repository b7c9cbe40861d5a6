import { createHash } from 'node:crypto';
import { isLanguage, type Language } from '../../../common/languages';
import type { Db } from '../../db/index';
import { AppError, notFound } from '../../errors';
import { tags, type Invalidatable } from '../../lib/answer-cache/index';
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
  /** Every spelling folded for prefix search, so "zur" finds Zürich, "o" Östersund, "munc" and "muni" Munich. */
  keys: string[];
  /** The name in a language where it differs from `name` (the seeded GeoNames name). */
  names: Partial<Record<Language, string>>;
}

/**
 * Says a city's name in one language: by its id where it is a listed city; without an id
 * (`undefined`: a caller that only has the stored text) by a stored name that only one listed
 * city carries; a hand-typed city (id 0 or null) keeps its text.
 */
export type CityNamer = (cityId: number | null | undefined, stored: string | null) => string | null;

interface Snapshot {
  countries: CountryRow[];
  countriesByCode: Map<string, CountryRow>;
  /** Each country's cities, most populous first. */
  citiesByCountry: Map<number, City[]>;
  citiesById: Map<number, City>;
  /** A folded spelling in any language to the cities that carry it, most populous first. */
  citiesBySpelling: Map<string, City[]>;
  /** Folded localized spellings that differ from a city's seeded name, longest first, with that name folded. */
  aliases: [alias: string, seeded: string][];
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
 * Styles, countries and cities as the API serves them. Reference data changes by seeding before
 * the server starts and by an admin's city import, which clears the `reference` tag: it is read
 * once, every answer is kept per language, and both are read again after that tag is cleared.
 */
export function createReferenceService(deps: { db: Db }) {
  const repo = createReferenceRepo(deps.db);
  let snapshot: Promise<Snapshot> | undefined;
  // Bumped when the tables changed: the per-language answers made before are dropped.
  let generation = 0;
  const forget = () => {
    snapshot = undefined;
    generation += 1;
  };
  // Registered with the app's invalidation by buildApp (a CLI only sends, never listens).
  const cache: Invalidatable = {
    invalidate: (list) => {
      for (const tag of list) if (tag === tags.reference) return forget();
    },
    clear: forget,
  };

  async function build(): Promise<Snapshot> {
    const [countries, cities, styles, cityNames] = await Promise.all([
      repo.listCountries(),
      repo.listCities(),
      repo.listStyles(),
      repo.listCityNames(),
    ]);
    const localized = new Map<number, Partial<Record<Language, string>>>();
    for (const row of cityNames) {
      if (!isLanguage(row.language)) continue;
      localized.set(row.city_id, { ...localized.get(row.city_id), [row.language]: row.name });
    }
    const countriesById = new Map(countries.map((c) => [c.id, c]));
    const citiesByCountry = new Map<number, City[]>(countries.map((c) => [c.id, []]));
    const citiesById = new Map<number, City>();
    const citiesBySpelling = new Map<string, City[]>();
    const aliases = new Map<string, string>();
    for (const row of cities) {
      const country = countriesById.get(row.country_id);
      if (!country) continue;
      const names = localized.get(row.id) ?? {};
      const seeded = foldForSearch(row.name);
      const keys = [...new Set([seeded, ...Object.values(names).map(foldForSearch)])];
      const city: City = {
        id: row.id,
        name: row.name,
        countryId: country.id,
        countryCode: country.code,
        latitude: row.latitude,
        longitude: row.longitude,
        population: row.population,
        keys,
        names,
      };
      citiesByCountry.get(country.id)?.push(city);
      citiesById.set(city.id, city);
      for (const key of keys) {
        const list = citiesBySpelling.get(key);
        if (list) list.push(city);
        else citiesBySpelling.set(key, [city]);
        if (key !== seeded && !seeded.includes(key) && !aliases.has(key)) aliases.set(key, seeded);
      }
    }
    // A spelling that is some city's own name stays as typed ("Valence" is a French town too).
    for (const spelling of [...aliases.keys()]) {
      if (citiesBySpelling.get(spelling)?.some((c) => foldForSearch(c.name) === spelling)) aliases.delete(spelling);
    }
    const byPopulation = (a: City, b: City) => b.population - a.population || nameTieBreak.compare(a.name, b.name);
    for (const list of citiesByCountry.values()) list.sort(byPopulation);
    for (const list of citiesBySpelling.values()) list.sort(byPopulation);
    return {
      countries,
      countriesByCode: new Map(countries.map((c) => [c.code, c])),
      citiesByCountry,
      citiesById,
      citiesBySpelling,
      aliases: [...aliases].sort((a, b) => b[0].length - a[0].length),
      styles,
    };
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
    let keptGeneration = generation;
    return async (lang) => {
      if (keptGeneration !== generation) {
        kept.clear();
        keptGeneration = generation;
      }
      const hit = kept.get(lang);
      if (hit) return hit;
      const made = make(await load(), lang);
      if (keptGeneration === generation) kept.set(lang, made);
      return made;
    };
  }

  return {
    /** The snapshot and its answers as a cache the `reference` tag clears (an admin's city import). */
    cache,

    /** The whole location picker's data: every country with its cities, serialized once per language. */
    countriesWithCities: perLanguage((data, lang): CachedJson => {
      const list = sortedCountries(data, lang).map((country) => ({
        id: country.id,
        name: country[`name_${lang}`],
        code: country.code,
        names: names(country),
        cities: (data.citiesByCountry.get(country.id) ?? []).map((c) => ({
          id: c.id,
          name: c.names[lang] ?? c.name,
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

    /**
     * Cities of a country with a name in any language that starts with `query` (any case, accents
     * optional), most populous first, named in `lang`: "Münch" and "Munich" both find München.
     */
    async searchCities(code: string, query: string, limit: number, lang: Language = 'en'): Promise<CitySearchDto[]> {
      const data = await load();
      const country = data.countriesByCode.get(code.toUpperCase());
      if (!country) throw notFound();
      const prefix = foldForSearch(query.trim());
      const found: CitySearchDto[] = [];
      for (const city of data.citiesByCountry.get(country.id) ?? []) {
        if (found.length >= limit) break;
        if (!city.keys.some((key) => key.startsWith(prefix))) continue;
        const { id, countryId, countryCode, latitude, longitude, population } = city;
        found.push({ id, name: city.names[lang] ?? city.name, countryId, countryCode, latitude, longitude, population });
      }
      return found;
    },

    /**
     * Names cities in `lang` for a whole answer at once (the snapshot is in memory: no query per
     * row). A listed city is named by its id; a hand-typed city (no id) keeps its stored text.
     */
    async cityNamer(lang: Language): Promise<CityNamer> {
      const data = await load();
      return (cityId, stored) => {
        let city = cityId ? data.citiesById.get(cityId) : undefined;
        if (cityId === undefined && stored) {
          const named = data.citiesBySpelling.get(foldForSearch(stored))?.filter((c) => c.name === stored);
          if (named?.length === 1) city = named[0];
        }
        if (!city) return stored;
        return city.names[lang] ?? city.name;
      };
    },

    /**
     * The listed cities a name means in any language, most populous first (a filter's "München"
     * and "Munich" are the same city); within one country when `countryId` is given.
     */
    async citiesNamed(name: string, countryId?: number | null): Promise<{ id: number; name: string }[]> {
      const data = await load();
      const found = data.citiesBySpelling.get(foldForSearch(name.trim())) ?? [];
      return found.filter((c) => !countryId || c.countryId === countryId).map((c) => ({ id: c.id, name: c.name }));
    },

    /**
     * A text query with every localized city name turned into the name listings store and search
     * (folded), so searching "münchen" finds what is stored as "munich" and "lissabon" "lisbon".
     */
    async searchSpelling(query: string): Promise<string> {
      const data = await load();
      let text = foldForSearch(query.trim());
      for (const [alias, seeded] of data.aliases) {
        if (!text.includes(alias)) continue;
        text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(alias)}(?![\\p{L}\\p{N}])`, 'gu'), seeded);
      }
      return text;
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
