/**
 * Trust on profiles: the figures strip (profile page, loaded after the page shows), and the
 * dashboard's review prompts and studio verification card.
 */
export { TrustStrip } from './trust-strip';
export { ReviewPromptsCard } from './review-prompts-card';
export { VerificationCard } from './verification-card';
