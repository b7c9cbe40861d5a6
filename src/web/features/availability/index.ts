/** Artist availability (issue 6): pieces other features drop in. Screens are loaded by the router (app/screens.ts). */
export { AvailabilityTab } from './profile-tab';
export { AvailabilityTile } from './dashboard-tile';
export { useAvailabilityCount, useArtistAvailabilities, availabilityPath } from './api';
