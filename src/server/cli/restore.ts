import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../lib/backup/index';

/** `npm run restore -- --from DIR [--force]`: the other half of `npm run backup` (docs/decisions/040). */
const usage = `Usage: npm run restore -- --from <backup folder> [--force]
Stop the server first: a SQLite file is replaced under it, and PostgreSQL tables are dropped and recreated.
--force restores over a database or image store that already holds data.`;

const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
if (!values.from) {
  console.error(usage);
  process.exit(2);
}

console.log('Restoring: the server must be stopped meanwhile (start it again once this finishes).');
try {
  await restoreBackup(loadConfig(), values.from, { force: values.force, log: (line) => console.log(line) });
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exit(1);
}
