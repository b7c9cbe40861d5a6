/** Reviews: a profile's reviews tab with its dialog, the summary for the tab label, the dashboard tile. */
export { ReviewsTab, type ReviewsTabProps } from './components/reviews-tab';
export { ReviewsTile } from './components/reviews-tile';
export { useReviewSummary } from './api/get-reviews';
export { Stars } from './components/stars';
