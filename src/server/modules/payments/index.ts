/**
 * The payments module's public face: its plugins, its services and what the rest of the server
 * needs of it. Everything else in this folder is its own business (lint refuses imports of it).
 */
export { paymentConfigRoutes } from './config-routes';
export { FEATURED_CREDITS, type CreditsPort } from './entitlements';
export { definePaymentCompleted, type PaymentCompleted } from './events';
export { moveOrder, type OrderStatus } from './order-state';
export { createTestProvider, type TestProvider } from './providers/test-provider';
export { createReceiptService, type ReceiptService } from './receipts';
export { receiptRoutes } from './receipt-routes';
export { schedulePaymentReconciler } from './reconciler';
export { paymentRoutes } from './routes';
export { createPaymentService, type PaymentDeps, type PaymentService } from './service';
