import { createHash } from 'node:crypto';
import type { DiskStorage } from './index';
import type { S3Storage } from './s3';

export interface CopyReport {
  copied: number;
  /** Already in the bucket with the same sha256: what an interrupted copy had done. */
  skipped: number;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Copies every file of the disk store to the bucket under the same key, so rows keep their
 * `/uploads/...` paths. Resumable: an object already there with the file's sha256 is skipped;
 * one there with other bytes stops the copy (objects are never overwritten). Each copy is read
 * back and its sha256 compared before it counts.
 */
export async function copyDiskToBucket(disk: DiskStorage, bucket: S3Storage, progress: (key: string, outcome: 'copied' | 'skipped') => void = () => undefined): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  for await (const key of disk.list()) {
    const data = await disk.get(key);
    if (!data) continue;
    const digest = sha256(data);
    const there = await bucket.sha256Of(key);
    if (there === digest) {
      report.skipped++;
      progress(key, 'skipped');
      continue;
    }
    if (there !== null) throw new Error(`${key}: the bucket holds other bytes under this key (sha256 ${there}, the file's ${digest})`);
    await bucket.put(key, data, contentTypeFor(key));
    const back = await bucket.get(key);
    if (!back || sha256(back) !== digest) throw new Error(`${key}: the copy in the bucket does not match the file's sha256 ${digest}`);
    report.copied++;
    progress(key, 'copied');
  }
  return report;
}

function contentTypeFor(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}
