/**
 * The reference data's public face (countries, cities, styles): its plugins and service, the
 * naming and sorting helpers the presenters share, and the styles join the directories' queries
 * share. The rest of the server imports only this file.
 */
export { locationFileRoutes, referenceRoutes } from './routes';
export { createReferenceService, foldForSearch, sortStyles, type CityNamer, type Place, type ReferenceService } from './service';
export { selectUserStyles } from './repo';
