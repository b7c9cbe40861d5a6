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
import type { GuestSpot } from './guest-spots';

export { publicListQuery as availabilityListQuery } from './listing-fields';

const fields = {
  ...listingFields,
  /** Free text ("Süddeutschland", "anywhere in Portugal"); country and city are optional. */
  preferredLocation: optionalText(LISTING_LIMITS.preferredLocation),
};

/** POST /api/artist-availability. Messages are keys of the errors namespace. */
export const availabilityCreateSchema = z.object(fields).superRefine(checkDateOrder);
export type AvailabilityCreateInput = z.input<typeof availabilityCreateSchema>;
export type AvailabilityCreateData = z.infer<typeof availabilityCreateSchema>;

/** PUT /api/artist-availability/{id}: any subset of the fields; the date order is checked against the stored dates too. */
export const availabilityUpdateSchema = z.object({ ...fields, ...listingUpdateFields }).superRefine(checkDateOrder);
export type AvailabilityUpdateInput = z.input<typeof availabilityUpdateSchema>;
export type AvailabilityUpdateData = z.infer<typeof availabilityUpdateSchema>;

/** GET /api/artist-availability?artistId={id}[&count=true]: one artist's entries for the profile tab and manage page. */
export const availabilityOwnerQuery = z.object({ artistId: ownerId, count: queryFlag, limit: ownerListLimit });

/** An availability (guest artist offer) as every answer carries it (document 2 §3 plus place and artist). */
export interface Availability {
  id: number;
  slug: string;
  title: string;
  startDate: string;
  endDate: string;
  preferredLocation: string | null;
  countryId: number | null;
  cityId: number | null;
  cityName: string | null;
  countryName: string | null;
  countryCode: string | null;
  description: string | null;
  /** Sorted by name with German collation, named in the request language. */
  styles: StyleRef[];
  isActive: boolean;
  artist: OwnerCard;
  createdAt: string;
  updatedAt: string;
}

export type AvailabilityPage = ListPage<Availability>;

/** A guest spot that fits an availability (GET /api/artist-availability/{id}/matches). */
export interface AvailabilityMatch extends MatchReasons {
  guestSpot: GuestSpot;
}
