/**
 * The guest spots' public face: a listing kind (served by the listings module's plugin and
 * service) and the workplace photos' own plugin and service. The rest of the server imports
 * only this file.
 */
export { guestSpotKind } from './kind';
export { guestSpotPhotoRoutes } from './photos-routes';
export { createGuestSpotPhotoService, type GuestSpotPhotoService } from './photos-service';
