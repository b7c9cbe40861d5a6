import { z } from 'zod';
import { pathId } from './ids';

/** The largest file the city import reads: the GeoNames extract of every place over 500 inhabitants fits. */
export const CITY_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** Cities written per transaction while committing; progress moves after each. */
export const CITY_IMPORT_BATCH = 1000;
/** How many errors and changes an import keeps to show. */
export const CITY_IMPORT_MAX_ERRORS = 100;
export const CITY_IMPORT_MAX_PREVIEW = 50;
/** Two rows name the same city when their folded names and countries agree and they lie this close. */
export const CITY_MATCH_KM = 10;
/** The optional per-language name columns of the CSV. */
export const CITY_IMPORT_NAME_LANGUAGES = ['en', 'de', 'es', 'fr', 'pt'] as const;
export const CITY_IMPORT_STATUSES = ['parsing', 'ready', 'importing', 'done', 'failed', 'cancelled'] as const;
export type CityImportStatus = (typeof CITY_IMPORT_STATUSES)[number];

/** The path parameter; a malformed id is answered 400, one out of range like an unknown one. */
export const cityImportParams = z.object({ importId: pathId('validation', 'cityImportNotFound') });

/** POST /api/admin/city-imports/{id}/commit: which of the file's cities to import, and whether to link typed city names. */
export const cityImportCommitSchema = z.object({
  minPopulation: z.number('validation').int('validation').min(0, 'validation').max(100_000_000, 'validation').default(0),
  countryCodes: z
    .array(z.string('validation').regex(/^[A-Za-z]{2}$/, 'cityImportCountryCode').transform((c) => c.toUpperCase()), 'validation')
    .max(300, 'validation')
    .default([]),
  linkFreeText: z.boolean('validation').default(false),
});
export type CityImportCommitInput = z.infer<typeof cityImportCommitSchema>;

/** GET /api/admin/cities/free-text: within one country, or all. */
export const freeTextCitiesQuery = z.object({
  countryCode: z
    .string('validation')
    .regex(/^[A-Za-z]{2}$/, 'cityImportCountryCode')
    .transform((c) => c.toUpperCase())
    .optional(),
});

export interface CityImportError {
  line: number;
  /** The server text in the request's language. */
  message: string;
  /** The text's key, for clients that word it themselves. */
  code: string;
}

export interface CityImportChange {
  line: number;
  action: 'new' | 'update';
  name: string;
  countryCode: string;
  population: number | null;
  geonameId: number | null;
  /** The listed city an update changes, and what it had before. */
  cityId: number | null;
  before: { name: string; population: number; latitude: number; longitude: number; geonameId: number | null } | null;
}

export interface CityImportDto {
  id: number;
  status: CityImportStatus;
  filename: string;
  source: 'geonames' | 'csv';
  licence: string | null;
  /** 0..100: of the file read while parsing, of the rows written while importing. */
  progress: number;
  totalRows: number;
  validRows: number;
  newCities: number;
  updatedCities: number;
  unchanged: number;
  /** Typed city names of profiles and listings attached to a listed city by the commit. */
  linked: number;
  errorCount: number;
  errors: CityImportError[];
  preview: CityImportChange[];
  createdAt: string;
  updatedAt: string;
}

export interface FreeTextCity {
  name: string;
  countryCode: string | null;
  /** Profiles and guest spots naming it. */
  uses: number;
  /** The listed city it would be attached to now, if any. */
  matchedCityId: number | null;
}
