/** The site settings' public face: their plugin and service. The rest of the server imports only this file. */
export { siteRoutes } from './routes';
export { createSiteService, type SiteService } from './service';
