/**
 * Reviews: the summary for a profile's tab label, the dashboard tile, the stars. The profile's
 * reviews tab (components/reviews-tab.tsx) is loaded lazily by its path: listed here, it would
 * ride along in the first load of every page importing this index.
 */
export { ReviewsTile } from './components/reviews-tile';
export { useReviewSummary } from './api/get-reviews';
export { Stars } from './components/stars';
