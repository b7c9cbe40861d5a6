/** The artists module's public face: the directory's plugin and service. The rest of the server imports only this file. */
export { artistRoutes } from './routes';
export { createArtistService, type ArtistService, type ArtistServiceDeps } from './service';
