import { z } from 'zod';
import { LISTING_LIMITS, listingSchemas, optionalText, type ListPage, type ListingBase, type ListingListItem, type ListingMatch, type ListingRequestTypes, type OwnerCard } from './listing-fields';
import type { Availability } from './availability';

export { publicListQuery as guestSpotListQuery } from './listing-fields';

const schemas = listingSchemas(
  {
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
  },
  'studioId',
);

/**
 * POST /api/guest-spots, and PUT /api/guest-spots/{id} with any subset of the fields (the manage
 * page sends `{isActive}` alone). Messages are keys of the errors namespace.
 */
export const { create: guestSpotCreateSchema, update: guestSpotUpdateSchema } = schemas;
export type GuestSpotCreateInput = ListingRequestTypes<typeof schemas>['CreateInput'];
export type GuestSpotCreateData = ListingRequestTypes<typeof schemas>['CreateData'];
export type GuestSpotUpdateInput = ListingRequestTypes<typeof schemas>['UpdateInput'];
export type GuestSpotUpdateData = ListingRequestTypes<typeof schemas>['UpdateData'];

/** GET /api/guest-spots?studioId={id}[&count=true]: one studio's spots for its profile tab and manage page. */
export const guestSpotOwnerQuery = schemas.ownerQuery;

/** A guest spot as every answer carries it (the specified entity plus the place and the studio). */
export interface GuestSpot extends ListingBase {
  compensation: string | null;
  compensationDetails: string | null;
  places: number;
  requirements: string | null;
  studio: OwnerCard;
  /** In GET /api/guest-spots/{id} and by-slug only: whether the viewing artist applied (false for everyone else). */
  hasApplied?: boolean;
}

/** A card of the public list: the guest spot with its pictures (the spot's photos of the workplace, else the studio's header image or latest works). */
export type GuestSpotListItem = ListingListItem<GuestSpot>;

export type GuestSpotPage = ListPage<GuestSpotListItem>;

/** An artist's availability that fits a guest spot (GET /api/guest-spots/{id}/matches). */
export type GuestSpotMatch = ListingMatch<'availability', Availability>;
