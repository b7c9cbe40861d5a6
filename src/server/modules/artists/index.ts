/** The artists module's public face: the directories' plugins (artists, studios) and their service. The rest of the server imports only this file. */
export { artistRoutes, studioRoutes } from './routes';
export { createArtistService, type ArtistService, type ArtistServiceDeps } from './service';
