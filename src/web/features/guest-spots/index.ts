/** Guest spots (issue 6): pieces other features drop in. Screens are loaded by the router (app/screens.ts). */
export { GuestSpotsTab } from './profile-tab';
export { GuestSpotsTile } from './dashboard-tile';
export { useGuestSpotCount, useStudioGuestSpots, guestSpotPath } from './api';
