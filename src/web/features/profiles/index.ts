/** Profiles: the pieces of the profile page, which app/routes/profile-page.tsx combines with the gallery and listings. */
export { isNotFound, useProfile, useProfileCache } from './api/get-profile';
export { useVisit } from './api/record-visit';
export { AboutTab } from './components/about-tab';
export { EditIcon, MessageIcon, ProfileHeader } from './components/profile-header';
export { ProfileEditForm } from './components/edit/profile-edit-form';
export { ProfileNotFound, ProfileSkeleton } from './components/profile-states';
