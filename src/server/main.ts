import { buildApp } from './app';
import { startBanner } from './banner';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb, migrateToLatest } from './db/index';
import { seed } from './seed/index';
import { drainAndClose } from './shutdown';
import { scheduleSweep } from './modules/auth/index';
import { scheduleUnreadMail } from './modules/notifications/index';
import { scheduleForumJobs } from './modules/forum/index';
import { schedulePostReminders } from './modules/instagram/index';
import { schedulePaymentReconciler } from './modules/payments/index';
import { scheduleDealExpiry } from './modules/deals/index';
import { scheduleReviewRequestMails } from './modules/trust/index';
import { scheduleCityAlertCleanup } from './modules/city-alerts/index';
import { scheduleFollowMail } from './modules/follows/index';
import { scheduleSavedSearchDigests } from './modules/saved-searches/index';
import { scheduleSearchPrune } from './modules/search/index';
import { scheduleOutbox } from './lib/outbox/index';
import { nameLeaseHolder } from './lib/jobs';
import { scheduleIdempotencySweep } from './http/idempotency';
import { armFaultPoint } from './lib/faults';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

armFaultPoint(config.faultPoint);
const db = createDb(config.database);
await migrateToLatest(db);
await seed({ db, config });
const app = await buildApp(config, { db });
nameLeaseHolder(app, `${config.host}:${config.port}`);
scheduleSweep(app, db);
scheduleIdempotencySweep(app);
scheduleUnreadMail(app);
scheduleForumJobs(app, () => app.services.forum.sweepUploads());
schedulePostReminders(app);
// Open payments are settled at start (after a crash) and every five minutes.
schedulePaymentReconciler(app);
// Pending applications and invitations past their first day are marked expired.
scheduleDealExpiry(app);
// Both sides of a stay that ended are asked by mail to review each other, once.
scheduleReviewRequestMails(app);
// Followers who chose it get the week's Following feed by mail, once a week.
scheduleFollowMail(app);
// City alert requests nobody confirmed within 7 days are deleted.
scheduleCityAlertCleanup(app, app.services.cityAlerts);
// Saved searches' hits are mailed as digests at each search's frequency.
scheduleSavedSearchDigests(app);
// Listings that ended leave the search index daily (each search skips them meanwhile).
scheduleSearchPrune(app);
// What a process that died left in the outbox, and the retries as they fall due.
scheduleOutbox(app);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing: finishing in-flight requests');
  // The drain keeps serving with readiness at 503; app.close then stops accepting, waits for
  // in-flight requests, and the onClose hook closes the database.
  const timer = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000).unref();
  await drainAndClose(app, config.shutdownDrainMs);
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// Production's log is read by a collector (JSON); a person starting it reads the banner.
if (config.isProduction) app.log.info({ url: config.publicUrl, dataDir: config.dataDir }, 'Tattoo Guest Spots is running');
else console.log(startBanner(config, config.demoData ? (await import('./seed/demo/index')).DEMO_LOGINS : null));
