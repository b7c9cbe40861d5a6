import { z } from 'zod';
import { LOCATION_LIMIT_DEFAULT, LOCATION_LIMIT_MAX, LOCATION_QUERY_MAX, LOCATION_QUERY_MIN } from '../location-limits';
import { text } from '../text';

/** A location search takes 2 to 80 characters and answers 1 to 20 cities (10 unless asked). */
export { LOCATION_LIMIT_DEFAULT, LOCATION_LIMIT_MAX, LOCATION_QUERY_MAX, LOCATION_QUERY_MIN };
/** Beyond this distance a point has no nearest city: it lies in no place the platform knows. */
export const NEAREST_CITY_MAX_KM = 100;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A coordinate in a range; a missing, empty or non-numeric value is refused like one out of range. */
const coordinate = (min: number, max: number, key: string) =>
  z.preprocess(blankToUndefined, z.coerce.number(key).min(min, key).max(max, key));

/** GET /api/locations/search. Messages are keys of the errors namespace. */
export const locationSearchQuery = z.object({
  q: text('locationQueryLength').trim().min(LOCATION_QUERY_MIN, 'locationQueryLength').max(LOCATION_QUERY_MAX, 'locationQueryLength'),
  countryCode: z.preprocess(
    blankToUndefined,
    z
      .string('countryCodeInvalid')
      .regex(/^[A-Za-z]{2}$/, 'countryCodeInvalid')
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('locationLimitRange')
      .int('locationLimitRange')
      .min(1, 'locationLimitRange')
      .max(LOCATION_LIMIT_MAX, 'locationLimitRange')
      .default(LOCATION_LIMIT_DEFAULT),
  ),
});
export type LocationSearchQuery = z.infer<typeof locationSearchQuery>;

/** GET /api/locations/nearest. */
export const nearestLocationQuery = z.object({
  lat: coordinate(-90, 90, 'latitudeRange'),
  lng: coordinate(-180, 180, 'longitudeRange'),
});
export type NearestLocationQuery = z.infer<typeof nearestLocationQuery>;

/** A listed city as both location calls answer it, named in the request's language. */
export interface LocationCity {
  cityId: number;
  name: string;
  countryCode: string;
  countryName: string;
  lat: number;
  lng: number;
}

export interface LocationSearchAnswer {
  results: LocationCity[];
}

/** `city` is null (and `distanceKm` with it) when no listed city lies within NEAREST_CITY_MAX_KM. */
export interface NearestLocationAnswer {
  city: LocationCity | null;
  distanceKm: number | null;
}
