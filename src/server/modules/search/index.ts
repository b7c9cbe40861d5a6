/**
 * Site search's public face: its plugin and service, the calls other modules make inside their
 * own transactions to keep the index in line with what they change, and the rebuild. The rest of
 * the server imports only this file.
 */
export { searchRoutes } from './routes';
export { pruneSearchIndex, scheduleSearchPrune } from './prune';
export {
  createSearchService,
  documentsMatching,
  ensureSearchIndex,
  indexListing,
  indexProfile,
  indexThread,
  rebuildSearchIndex,
  removeDocument,
  upsertDocument,
  type SearchService,
} from './service';
export type { SearchDocument } from './repo';
