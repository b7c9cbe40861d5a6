/**
 * Deals: applications to guest spots, invitations to artists, and the stays they become. The
 * Requests & stays screen is loaded by the router (app/screens.ts); these are the pieces other
 * pages combine. The profile's stays (components/profile-stays.tsx) are loaded lazily by their
 * path, so they stay out of a profile's first load.
 */
export { ApplyAction } from './components/apply-action';
export { InviteAction } from './components/invite-action';
export { ApplicationsOfSpot, MoreApplications } from './components/spot-applications';
export { DealsTile } from './components/deals-tile';
