import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { rebuildSearchIndex } from '../modules/search/index';

/** `npm run search:reindex`: rebuilds the site search's index from the profiles and listings (docs/decisions/029). */
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  const started = Date.now();
  const counts = await rebuildSearchIndex(db);
  const summary = Object.entries(counts)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  console.log(`Search index rebuilt in ${Date.now() - started} ms (${config.database.kind}): ${summary}.`);
} finally {
  await db.destroy();
}
