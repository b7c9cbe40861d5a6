/** The reviews' public face: their plugin and service. The rest of the server imports only this file. */
export { reviewRoutes } from './routes';
export { createReviewService, type ReviewService } from './service';
// Moderation removes a review inside its own transaction.
export { deleteReviewIn } from './repo';
