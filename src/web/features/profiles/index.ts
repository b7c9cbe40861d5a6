/**
 * Profiles: the pieces of the profile page, which app/routes/profile-page.tsx combines with the
 * gallery and listings. The edit form (components/edit/) is loaded lazily by its path, for the
 * owner alone.
 */
export { isNotFound, useProfile, useProfileCache } from './api/get-profile';
export { useVisit } from './api/record-visit';
export { AboutTab } from './components/about-tab';
export { EditIcon, MessageIcon, ProfileHeader } from './components/profile-header';
export { ProfileSkeleton } from './components/profile-states';
