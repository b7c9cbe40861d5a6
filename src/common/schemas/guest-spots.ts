import { z } from 'zod';
import { DEAL_LIMITS, DEAL_TYPES, dealTermsField, type DealTerms, type DealType } from './deal-terms';
import { LISTING_LIMITS, listingSchemas, optionalText, publicListQuery, queryFlag, type ListPage, type ListingBase, type ListingListItem, type ListingMatch, type ListingRequestTypes, type OwnerCard } from './listing-fields';
import type { Availability } from './availability';


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
    /** The structured deal beside the free-text compensation; `null` in an update removes it. */
    terms: dealTermsField,
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

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const queryWhole = (min: number, max: number) =>
  z.preprocess(emptyToNull, z.coerce.number('filterInvalid').int('filterInvalid').min(min, 'filterInvalid').max(max, 'filterInvalid').nullish());

/**
 * GET /api/guest-spots and the /guestspots page: the public list's filters plus the deal's.
 * `minGuestShare` keeps commission spots giving the guest at least that share, `maxRentCents`
 * chair rentals costing at most that a day (a weekly rent counts a seventh), `housing=true`
 * spots that offer a place to sleep.
 */
export const guestSpotListQuery = publicListQuery.safeExtend({
  dealType: z.preprocess(emptyToNull, z.enum(DEAL_TYPES, 'filterInvalid').nullish()),
  minGuestShare: queryWhole(DEAL_LIMITS.guestShare.min, DEAL_LIMITS.guestShare.max),
  maxRentCents: queryWhole(0, DEAL_LIMITS.centsMax),
  housing: queryFlag,
});
export type GuestSpotListQuery = z.infer<typeof guestSpotListQuery>;

/** The deal filters of the guest spot list as the repo applies them. */
export interface DealListFilter {
  dealType: DealType | null;
  minGuestShare: number | null;
  maxRentCents: number | null;
  housing: boolean;
}

/** A guest spot as every answer carries it (the specified entity plus the place and the studio). */
export interface GuestSpot extends ListingBase {
  compensation: string | null;
  compensationDetails: string | null;
  places: number;
  requirements: string | null;
  /** The structured deal; null when the studio gave none (the free-text compensation is the summary then). */
  terms: DealTerms | null;
  studio: OwnerCard;
  /** In GET /api/guest-spots/{id} and by-slug only: whether the viewing artist applied (false for everyone else). */
  hasApplied?: boolean;
}

/** A card of the public list: the guest spot with its pictures (the spot's photos of the workplace, else the studio's header image or latest works). */
export type GuestSpotListItem = ListingListItem<GuestSpot>;

export type GuestSpotPage = ListPage<GuestSpotListItem>;

/** An artist's availability that fits a guest spot (GET /api/guest-spots/{id}/matches). */
export type GuestSpotMatch = ListingMatch<'availability', Availability>;
