/**
 * City alerts without an account: the "tell me when {name} comes near me" button (the profile
 * page mounts it; the tour page can mount it the same way), the mailed links' pages are screens
 * of their own (app/screens.ts).
 */
export { CityAlertButton, type CityAlertArtist } from './city-alert-button';
