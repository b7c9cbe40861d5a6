/** Payments in the browser: the dashboard's premium section and payment history; the pages load through app/screens.ts. */
export { PaymentHistory } from './components/payment-history';
export { PremiumSection, isFeatured } from './components/premium-section';
