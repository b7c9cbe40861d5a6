import { foldForSearch } from '../reference/index';

/** The place fields of a listing request. */
export interface PlaceInput {
  countryId?: number | null;
  cityId?: number | null;
  cityName?: string | null;
}

/** Whether a request names any part of the place (an update without one keeps the stored place). */
export function hasPlace(input: PlaceInput): boolean {
  return input.countryId !== undefined || input.cityId !== undefined || input.cityName !== undefined;
}

/** What the text filter searches: the parts folded to lowercase without accents. */
export function searchText(parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter(Boolean).join(' \n '));
}

/** The escaped LIKE pattern for a text filter (% and _ typed by a user match themselves). */
export function likePattern(query: string): string {
  return `%${foldForSearch(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
