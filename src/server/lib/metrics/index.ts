/**
 * Prometheus metrics, one registry per app, served on their own listener (METRICS_PORT). The
 * rest of the server imports only this file and, outside the wiring, only calls
 * `metrics.count(...)` (docs/decisions/036-health-and-metrics.md).
 */
export { Metrics, statusClass, type CountLabels, type CountName, type PoolStats, type StatusClass } from './metrics';
export { countBusEvents } from './bus';
export { metricsOf, recordFastLane, registerMetrics } from './http';
