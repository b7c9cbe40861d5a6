/** The deals' public face: applications and invitations after they were made, and stays. The rest of the server imports only this file. */
export { dealRoutes } from './routes';
export { createDealService, type DealService, type DealServiceDeps } from './service';
export { expireDealRequests, scheduleDealExpiry } from './expiry';
