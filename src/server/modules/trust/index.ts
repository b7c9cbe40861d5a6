/** Trust on profiles: figures, review prompts and studio verification. The rest of the server imports only this file. */
export { trustAdminRoutes, trustRoutes } from './routes';
export { createTrustService, isPrivateDocumentKey, type TrustService } from './service';
export { scheduleReviewRequestMails } from './mail';
