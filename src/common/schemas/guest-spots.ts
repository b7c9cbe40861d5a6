import { z } from 'zod';
import {
  LISTING_LIMITS,
  checkDateOrder,
  listingFields,
  listingUpdateFields,
  optionalText,
  ownerId,
  ownerListLimit,
  queryFlag,
  type ListPage,
  type MatchReasons,
  type OwnerCard,
  type StyleRef,
} from './listing-fields';
import type { Availability } from './availability';

export { publicListQuery as guestSpotListQuery } from './listing-fields';

const fields = {
  ...listingFields,
  /** The place; without any of the three the studio's own city is taken. cityId 0 is a city typed by hand. */
  cityName: optionalText(LISTING_LIMITS.cityName),
  /** Short free text such as "60/40" or "Tagesmiete 80 €". */
  compensation: optionalText(LISTING_LIMITS.compensation),
  compensationDetails: optionalText(LISTING_LIMITS.details),
  /** How many guests at once. */
  places: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number('placesRange')
      .int('placesRange')
      .min(LISTING_LIMITS.places.min, 'placesRange')
      .max(LISTING_LIMITS.places.max, 'placesRange')
      .optional(),
  ),
  requirements: optionalText(LISTING_LIMITS.details),
};

/** POST /api/guest-spots. Messages are keys of the errors namespace. */
export const guestSpotCreateSchema = z.object(fields).superRefine(checkDateOrder);
export type GuestSpotCreateInput = z.input<typeof guestSpotCreateSchema>;
export type GuestSpotCreateData = z.infer<typeof guestSpotCreateSchema>;

/**
 * PUT /api/guest-spots/{id}: any subset of the fields (the manage page sends `{isActive}` alone);
 * the date order is checked again against the stored dates.
 */
export const guestSpotUpdateSchema = z.object({ ...fields, ...listingUpdateFields }).superRefine(checkDateOrder);
export type GuestSpotUpdateInput = z.input<typeof guestSpotUpdateSchema>;
export type GuestSpotUpdateData = z.infer<typeof guestSpotUpdateSchema>;

/** GET /api/guest-spots?studioId={id}[&count=true]: one studio's spots for its profile tab and manage page. */
export const guestSpotOwnerQuery = z.object({ studioId: ownerId, count: queryFlag, limit: ownerListLimit });

/** A guest spot as every answer carries it (document 2 §3 plus the place and the studio). */
export interface GuestSpot {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string;
  isActive: boolean;
  compensation: string | null;
  compensationDetails: string | null;
  places: number;
  requirements: string | null;
  /** Sorted by name with German collation, named in the request language. */
  styles: StyleRef[];
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
  countryName: string | null;
  countryCode: string | null;
  studio: OwnerCard;
  createdAt: string;
  updatedAt: string;
}

export type GuestSpotPage = ListPage<GuestSpot>;

/** An artist's availability that fits a guest spot (GET /api/guest-spots/{id}/matches). */
export interface GuestSpotMatch extends MatchReasons {
  availability: Availability;
}
