/**
 * Listings: guest spots and artist availability, two kinds of one thing (kinds/). The screens
 * are loaded by the router (app/screens.ts); these are the pieces the app's combined pages use.
 */
export { KINDS } from './kinds';
export { ListingsTab } from './profile-tab';
export { ListingsTile } from './dashboard-tile';
export { useOwnerCount } from './api/get-owner-count';
export { useListAddress } from './list-address';
export { FilterBar } from './filter-bar';
export { ListResults } from './list-layout';
export { ListingCard } from './listing-card';
export { placeText } from './place-text';
export { usePeriodText } from './period';
