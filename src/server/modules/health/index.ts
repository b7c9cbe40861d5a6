/** The health check's public face: its plugin and service. The rest of the server imports only this file. */
export { healthRoutes } from './routes';
export { createHealthService, type HealthService } from './service';
