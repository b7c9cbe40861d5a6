import type { FastifyInstance } from 'fastify';
import { scheduleJob } from '../../lib/jobs';
import type { CityAlertService } from './service';

/** How often requests nobody confirmed are looked for. */
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Deletes unconfirmed requests 7 days old, at start and hourly (`scheduleJob`: once across processes, under its lease). */
export function scheduleCityAlertCleanup(app: FastifyInstance, cityAlerts: Pick<CityAlertService, 'cleanUp'>, everyMs = CLEANUP_EVERY_MS): void {
  scheduleJob(app, {
    name: 'the unconfirmed city alert cleanup',
    everyMs,
    run: () => cityAlerts.cleanUp(),
    report: (deleted) => (deleted ? { level: 'info', fields: { deleted }, msg: 'unconfirmed city alerts deleted' } : undefined),
  });
}
