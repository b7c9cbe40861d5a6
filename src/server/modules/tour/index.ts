/** Tours and calendar feeds: the public face. The rest of the server imports only this file. */
export { tourRoutes } from './routes';
export { createTourService, type TourService } from './service';
