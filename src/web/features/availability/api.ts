import type { Availability, AvailabilityCreateData, AvailabilityMatch } from '../../../common/schemas/availability';
import { createListingApi } from '../listings';

const calls = createListingApi<Availability, AvailabilityCreateData, AvailabilityMatch>({
  key: 'artist-availability',
  path: '/api/artist-availability',
  ownerParam: 'artistId',
});

/** The public list: GET /api/artist-availability with filters and paging. */
export const useAvailabilityList = calls.useList;
/** One entry by id (GET /api/artist-availability/{id}) or by its title slug (…/by-slug/{slug}). */
export const useAvailability = calls.useEntry;
/** An artist's entries (GET /api/artist-availability?artistId={id}). */
export const useArtistAvailabilities = calls.useOwnerEntries;
/** The number of an artist's entries (…?artistId={id}&count=true). */
export const useAvailabilityCount = calls.useOwnerCount;
/** The guest spots that fit an availability (GET /api/artist-availability/{id}/matches). */
export const useAvailabilityMatches = calls.useMatches;
export const useSaveAvailability = calls.useSave;
export const useToggleAvailability = calls.useToggle;
export const useDeleteAvailability = calls.useDelete;

/** The canonical page of an availability (decision 6: the title slug page). */
export const availabilityPath = (a: Pick<Availability, 'slug'>) => `/tattooartist/${encodeURIComponent(a.slug)}`;
export const availabilityEditPath = (a: Pick<Availability, 'id'>) => `/guestartist/${a.id}/edit`;
