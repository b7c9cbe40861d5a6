/** The health checks' public face: their plugin and service. The rest of the server imports only this file. */
export { healthRoutes } from './routes';
export { CHECK_TIMEOUT_MS, CHECKS, createHealthService, type HealthService, type Readiness } from './service';
