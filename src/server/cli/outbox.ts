import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { createOutbox } from '../lib/outbox/index';
import { formatOutboxStatus } from './outbox-status';

/**
 * `npm run outbox -- --status`: the undelivered outbox events per kind (docs/decisions/039):
 * pending (not yet tried, or being delivered), retrying (failed, tried again later) and failed
 * (every try failed: parked, with the last error in the table's `last_error`). Exits 1 when any
 * failed, so a monitor can run it.
 */
const args = process.argv.slice(2);
if (!args.includes('--status')) {
  console.error('Usage: npm run outbox -- --status');
  process.exit(2);
}
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  // Reading needs no definitions and clears no cache.
  const outbox = createOutbox({ db, invalidation: { invalidate: () => undefined }, log: console });
  const rows = await outbox.status();
  console.log(formatOutboxStatus(rows));
  if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
} finally {
  await db.destroy();
}
