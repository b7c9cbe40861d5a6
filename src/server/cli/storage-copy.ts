import { loadConfig } from '../config';
import { DiskStorage, S3Storage } from '../lib/storage/index';
import { copyDiskToBucket } from '../lib/storage/copy';

/**
 * `npm run storage:copy -- --to s3`: copies DATA_DIR/uploads to the bucket S3_* names, skipping
 * what an earlier run copied (same sha256) and checking each copy. Run it before switching a
 * deployment to S3_BUCKET, and again right after to catch uploads made meanwhile.
 */
const args = process.argv.slice(2);
const to = args[args.indexOf('--to') + 1];
if (!args.includes('--to') || to !== 's3') {
  console.error('Usage: npm run storage:copy -- --to s3   (copies DATA_DIR/uploads to the bucket of S3_BUCKET)');
  process.exit(2);
}
const config = loadConfig();
if (!config.s3) {
  console.error('S3_BUCKET is not set: there is no bucket to copy to.');
  process.exit(2);
}
const disk = new DiskStorage(config.dataDir);
const bucket = new S3Storage(config.s3);
const started = Date.now();
let seen = 0;
const report = await copyDiskToBucket(disk, bucket, () => {
  if (++seen % 500 === 0) console.log(`${seen} files...`);
});
console.log(`Copied ${report.copied}, already there ${report.skipped}, from ${disk.root} to s3://${config.s3.bucket} in ${Math.round((Date.now() - started) / 1000)} s.`);
