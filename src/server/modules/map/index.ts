/**
 * The globe map's public face: its plugin (the maps key, the places and a city's items) and its
 * service. The rest of the server imports only this file.
 */
export { mapRoutes } from './routes';
export { createMapService, type MapService } from './service';
