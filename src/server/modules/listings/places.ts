import { AppError } from '../../errors';
import { foldForSearch } from '../reference/service';
import type { ListingRefsRepo } from './repo';

export interface PlaceInput {
  countryId?: number | null;
  cityId?: number | null;
  cityName?: string | null;
}

export interface Place {
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
}

const invalid = (code: string, field: string) => new AppError(400, code, {}, { field, fields: { [field]: code } });

/** Whether a request names any part of the place (an update without one keeps the stored place). */
export function hasPlace(input: PlaceInput): boolean {
  return input.countryId !== undefined || input.cityId !== undefined || input.cityName !== undefined;
}

/**
 * Checks a place against the reference tables: a known city decides the country and its name;
 * city id 0 (or none) keeps a hand-typed city name, as the location selector's "Other City" does.
 */
export async function resolvePlace(refs: ListingRefsRepo, input: PlaceInput): Promise<Place> {
  const countryId = input.countryId || null;
  const cityId = input.cityId || null;
  if (countryId !== null && !(await refs.findCountryById(countryId))) throw invalid('countryUnknown', 'countryId');
  if (cityId !== null) {
    const city = await refs.findCity(cityId);
    if (!city) throw invalid('cityUnknown', 'cityId');
    if (countryId !== null && city.country_id !== countryId) throw invalid('cityNotInCountry', 'cityId');
    return { countryId: city.country_id, cityId: city.id, cityName: city.name };
  }
  return { countryId, cityId: null, cityName: input.cityName ?? null };
}

/** Every style id must exist; answers them in the order given. */
export async function checkStyles(refs: ListingRefsRepo, ids: number[]): Promise<number[]> {
  const found = new Set(await refs.existingStyleIds(ids));
  if (ids.some((id) => !found.has(id))) throw invalid('styleUnknown', 'styleIds');
  return ids;
}

/** A country filter of the lists: an id or an ISO code; an unknown one matches nothing (-1). */
export async function countryFilterId(refs: ListingRefsRepo, country: string | null | undefined): Promise<number | null> {
  if (!country) return null;
  const row = /^\d+$/.test(country) ? await refs.findCountryById(Number(country)) : await refs.findCountryByCode(country);
  return row?.id ?? -1;
}

/** What the text filter searches: the parts folded to lowercase without accents. */
export function searchText(parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter(Boolean).join(' \n '));
}

/** The escaped LIKE pattern for a text filter (% and _ typed by a user match themselves). */
export function likePattern(query: string): string {
  return `%${foldForSearch(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
