/** The featured lists' public face: their plugin and service. The rest of the server imports only this file. */
export { featuredRoutes } from './routes';
export { createFeaturedService, type FeaturedService } from './service';
