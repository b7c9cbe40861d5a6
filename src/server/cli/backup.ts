import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, createBackup } from '../lib/backup/index';

/** `npm run backup -- --out DIR`: database, image store and generated secrets, with a manifest (docs/decisions/040). */
const usage = 'Usage: npm run backup -- --out <new or empty folder>';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error(usage);
  process.exit(2);
}

try {
  await createBackup(loadConfig(), values.out, { log: (line) => console.log(line) });
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}
