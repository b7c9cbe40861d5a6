import type { GuestSpot, GuestSpotCreateData, GuestSpotMatch } from '../../../common/schemas/guest-spots';
import { createListingApi } from '../listings';

const calls = createListingApi<GuestSpot, GuestSpotCreateData, GuestSpotMatch>({ key: 'guest-spots', path: '/api/guest-spots', ownerParam: 'studioId' });

/** The public list: GET /api/guest-spots?style=&country=&city=&from=&to=&q=&page=. */
export const useGuestSpotList = calls.useList;
/** One spot by its slug (GET /api/guest-spots/by-slug/{slug}). */
export const useGuestSpot = (slug: string | undefined) => calls.useEntry({ slug });
/** A studio's spots (GET /api/guest-spots?studioId={id}). */
export const useStudioGuestSpots = calls.useOwnerEntries;
/** The number of a studio's spots (…?studioId={id}&count=true). */
export const useGuestSpotCount = calls.useOwnerCount;
/** The artists whose availabilities fit a spot (GET /api/guest-spots/{id}/matches). */
export const useGuestSpotMatches = calls.useMatches;
export const useSaveGuestSpot = calls.useSave;
export const useToggleGuestSpot = calls.useToggle;
export const useDeleteGuestSpot = calls.useDelete;

/** The canonical page of a spot. */
export const guestSpotPath = (spot: Pick<GuestSpot, 'slug'>) => `/guestspot/${encodeURIComponent(spot.slug)}`;
export const guestSpotEditPath = (spot: Pick<GuestSpot, 'slug'>) => `${guestSpotPath(spot)}/edit`;
