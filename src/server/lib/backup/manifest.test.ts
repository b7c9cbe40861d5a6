import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBytes, MANIFEST_FILE, readVerifiedManifest, writeManifest } from './manifest';

describe('the backup manifest', () => {
  let dir: string;
  const draft = { createdAt: new Date().toISOString(), engine: 'sqlite' as const, migration: { latest: '2026-11-22-000-foundation', count: 1 }, database: 'database.sqlite' };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tgs-manifest-'));
    await writeFile(path.join(dir, 'database.sqlite'), 'rows');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads back what it wrote once every file matches', async () => {
    const written = await writeManifest(dir, draft, [{ path: 'database.sqlite', ...hashBytes(Buffer.from('rows')) }]);
    expect(await readVerifiedManifest(dir)).toEqual(written);
  });

  it('names each file that is missing or of another size', async () => {
    await writeManifest(dir, draft, [
      { path: 'database.sqlite', ...hashBytes(Buffer.from('rows!')) },
      { path: 'objects/gallery/1/a-large.webp', ...hashBytes(Buffer.from('image')) },
    ]);
    await expect(readVerifiedManifest(dir)).rejects.toThrow(/database\.sqlite: 4 bytes, the manifest says 5[\s\S]*objects\/gallery\/1\/a-large\.webp: missing/);
  });

  it('refuses a manifest naming a file outside its folder, or none for the database', async () => {
    await writeManifest(dir, draft, [
      { path: 'database.sqlite', ...hashBytes(Buffer.from('rows')) },
      { path: 'objects/../../etc/passwd', ...hashBytes(Buffer.from('x')) },
    ]);
    await expect(readVerifiedManifest(dir)).rejects.toThrow(/files\.1\.path: not a plain relative path/);
    await writeManifest(dir, draft, []);
    await expect(readVerifiedManifest(dir)).rejects.toThrow(/does not list the database file/);
    await writeFile(path.join(dir, MANIFEST_FILE), '{"format":"tgs-backup/9"}');
    await expect(readVerifiedManifest(dir)).rejects.toThrow(/not a backup manifest this version reads/);
  });
});
