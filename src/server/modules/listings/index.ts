/**
 * The listings' public face: one plugin and one service for every listing kind (guest spots,
 * availabilities: each kind's folder holds its descriptor), and the card pieces the artist
 * directory shares. The rest of the server imports only this file.
 */
export { listingRoutes } from './routes';
export { createListingService, type ListingService, type ListingServiceDeps } from './service';
export type { ListingKind } from './kind';
export { canManage } from './policy';
export { groupStyles, personCard } from './presenter';
export { TOTAL_AHEAD, cappedTotal } from './public-list';
