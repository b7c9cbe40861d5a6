/**
 * The availabilities' public face: a listing kind, served by the listings module's plugin and
 * service (services.ts and modules/index.ts pair them). The rest of the server imports only this file.
 */
export { availabilityKind } from './kind';
