/**
 * The profiles' public face: their plugin and service, and the rule (as SQL) that a listed
 * profile shows a picture, which the directories' queries share. The rest of the server
 * imports only this file.
 */
export { profileRoutes } from './routes';
export { createProfileService, type ProfileService } from './service';
export { hasPicture, setUserStyles } from './repo';
