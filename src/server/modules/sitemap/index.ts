/**
 * The sitemap module's public face: its plugin and service, and the sources of its files. Each
 * capability with public pages is one source in the list `services.ts` hands the service (a new
 * one, the forum's, is one more entry there). The rest of the server imports only this file.
 */
export { sitemapRoutes } from './routes';
export { createSitemapService, type SitemapService } from './service';
export { listingsSource, profilesSource, staticSource, type PagedList, type SitemapPage, type SitemapSource } from './sources';
