import { z } from 'zod';

/**
 * Demand by city (issue 29 item 4): `GET /api/demand` answers an artist where her followers and
 * confirmed city-alert subscribers are, and a studio how many artists plan to come to its city.
 */

/** People a city needs before it is named: fewer could point at one person. */
export const DEMAND_MIN_PEOPLE = 3;
/** Cities an artist's answer names at most, the fullest first. */
export const DEMAND_MAX_CITIES = 50;
/** The days from today a studio's count looks ahead. */
export const STUDIO_DEMAND_DAYS = 90;

const count = z.number().int().nonnegative();

/** One city of an artist's demand, named in the request's language; counts only, never who. */
export const demandCitySchema = z.object({
  cityId: z.number().int().positive(),
  name: z.string(),
  countryCode: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Followers whose profile names this city. */
  followers: count,
  /** Confirmed city-alert addresses asking about this city. */
  alerts: count,
  total: count,
});
export type DemandCity = z.infer<typeof demandCitySchema>;

/** An artist's answer: cities from DEMAND_MIN_PEOPLE people, and how many people are elsewhere (a number only). */
export const artistDemandSchema = z.object({
  kind: z.literal('artist'),
  cities: z.array(demandCitySchema).max(DEMAND_MAX_CITIES),
  hidden: count,
});
export type ArtistDemand = z.infer<typeof artistDemandSchema>;

/** A studio's answer: public availabilities in its city over the next STUDIO_DEMAND_DAYS days, and their artists. */
export const studioDemandSchema = z.object({
  kind: z.literal('studio'),
  city: z.object({ cityId: z.number().int().positive(), name: z.string(), countryCode: z.string() }).nullable(),
  availabilities: count,
  artists: count,
});
export type StudioDemand = z.infer<typeof studioDemandSchema>;

/** The answer of `GET /api/demand`, by the caller's account type. */
export const demandAnswerSchema = z.discriminatedUnion('kind', [artistDemandSchema, studioDemandSchema]);
export type DemandAnswer = z.infer<typeof demandAnswerSchema>;
