/**
 * The locations module's public face: its plugin and service (location search and the nearest
 * city), and the refresh of the search names that every writer of cities calls in its
 * transaction (the reference seed, an admin's city import). The rest of the server imports only this file.
 */
export { locationRoutes } from './routes';
export { boundingBox, createLocationService, distanceKm, type LocationService } from './service';
export type { Box } from './repo';
export { citySearchNamesMissing, refreshCitySearchNames } from './repo';
