/**
 * Listings: guest spots and artist availability, two kinds of one thing (kinds/). The screens
 * are loaded by the router (app/screens.ts); these are the pieces the app's combined pages use.
 * The profile's tab (profile-tab.tsx) is loaded lazily by its path: listed here, it would ride
 * along in the first load of every page importing this index.
 */
export { KINDS } from './kinds';
export { ListingsTile } from './dashboard-tile';
export { useOwnerCount } from './api/get-owner-count';
export { useListAddress } from './list-address';
export { FilterBar } from './filter-bar';
export { ListResults } from './list-layout';
export { ListingCard } from './listing-card';
export { placeText } from './place-text';
export { usePeriodText } from './period';
