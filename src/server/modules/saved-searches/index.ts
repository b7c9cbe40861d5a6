/**
 * Saved searches (docs/decisions/051): the routes, the service with its match event's hooks for
 * the listings and profiles, and the digest job. The rest of the server imports only this file.
 */
export { savedSearchRoutes } from './routes';
export { createSavedSearchService, type SavedSearchService } from './service';
export { runDigests, scheduleSavedSearchDigests } from './digest';
export { digestToken } from './token';
