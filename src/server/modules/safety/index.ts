/** Blocks and reports' public face: their plugin and service. The rest of the server imports only this file. */
export { safetyRoutes } from './routes';
export { createSafetyService, type SafetyService } from './service';
