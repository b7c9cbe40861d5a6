/**
 * Demand by city: where an artist's followers and confirmed city-alert subscribers are, and how
 * many artists plan to be in a studio's city. The rest of the server imports only this file.
 */
export { demandRoutes } from './routes';
export { createDemandService, type DemandService } from './service';
