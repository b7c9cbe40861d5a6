/** The dashboard's own pieces; the page that combines them with other features is app/routes/dashboard-page.tsx. */
export { AccountSettings } from './account-settings';
export { PaymentNotice } from './payment-notice';
export { ProfileCompleteness, completenessSteps, hasPicture } from './profile-completeness';
export { ShareProfileDialog } from './share-profile-dialog';
export { VisitsTile } from './visits-tile';
export { WelcomeDialog } from './welcome-dialog';
