import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake, type S3Fake } from '../../test/s3-fake';
import { copyDiskToBucket } from './copy';
import { DiskStorage } from './index';
import { S3Storage } from './s3';

describe('copying the disk store to a bucket', () => {
  let fake: S3Fake;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-copy-'));
  beforeAll(async () => {
    fake = await startS3Fake();
  }, 30_000);
  afterAll(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every file under its key, resumes by sha256 and refuses other bytes under a key', async () => {
    const disk = new DiskStorage(dataDir);
    const bucket = new S3Storage(fake.settings());
    await disk.put('avatars/1/a-large.webp', Buffer.from('avatar'), 'image/webp');
    await disk.put('gallery/2/b-medium.webp', Buffer.from('gallery'), 'image/webp');
    expect(await copyDiskToBucket(disk, bucket)).toEqual({ copied: 2, skipped: 0 });
    expect((await bucket.get('avatars/1/a-large.webp'))?.toString()).toBe('avatar');
    expect((await bucket.get('gallery/2/b-medium.webp'))?.toString()).toBe('gallery');

    await disk.put('gallery/2/c-large.webp', Buffer.from('new since'), 'image/webp');
    expect(await copyDiskToBucket(disk, bucket)).toEqual({ copied: 1, skipped: 2 });

    await bucket.delete(['gallery/2/c-large.webp']);
    await bucket.put('gallery/2/c-large.webp', Buffer.from('someone else'), 'image/webp');
    await expect(copyDiskToBucket(disk, bucket)).rejects.toThrow(/other bytes/);
  });
});
