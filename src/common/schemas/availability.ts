import { dealWishesField, type DealWishes } from './deal-terms';
import { LISTING_LIMITS, listingSchemas, optionalText, type ListPage, type ListingBase, type ListingListItem, type ListingMatch, type ListingRequestTypes, type OwnerCard } from './listing-fields';
import type { GuestSpot } from './guest-spots';

export { publicListQuery as availabilityListQuery } from './listing-fields';

const schemas = listingSchemas(
  {
    /** Free text ("Süddeutschland", "anywhere in Portugal"); country and city are optional. */
    preferredLocation: optionalText(LISTING_LIMITS.preferredLocation),
    /** What the artist looks for in a deal; matches rank spots that fit it first. `null` in an update removes it. */
    wishes: dealWishesField,
  },
  'artistId',
);

/** POST /api/artist-availability, and PUT /api/artist-availability/{id} with any subset of the fields. Messages are keys of the errors namespace. */
export const { create: availabilityCreateSchema, update: availabilityUpdateSchema } = schemas;
type Requests = ListingRequestTypes<typeof schemas>;
export type AvailabilityCreateInput = Requests['CreateInput'];
export type AvailabilityCreateData = Requests['CreateData'];
export type AvailabilityUpdateInput = Requests['UpdateInput'];
export type AvailabilityUpdateData = Requests['UpdateData'];

/** GET /api/artist-availability?artistId={id}[&count=true]: one artist's entries for the profile tab and manage page. */
export const availabilityOwnerQuery = schemas.ownerQuery;

/** An availability (guest artist offer) as every answer carries it (the specified entity plus place and artist). */
export interface Availability extends ListingBase {
  preferredLocation: string | null;
  /** What the artist looks for in a deal; null when none given. */
  wishes: DealWishes | null;
  artist: OwnerCard;
}

/** A card of the public list: the availability with its pictures (the artist's latest works). */
export type AvailabilityListItem = ListingListItem<Availability>;

export type AvailabilityPage = ListPage<AvailabilityListItem>;

/** A guest spot that fits an availability (GET /api/artist-availability/{id}/matches). */
export type AvailabilityMatch = ListingMatch<'guestSpot', GuestSpot>;
