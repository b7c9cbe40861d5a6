import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../errors';
import { createStorage, DiskStorage, isValidKey, registerUploads, sweepTempFiles, TEMP_FILE_GRACE_MS } from './index';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('DiskStorage', () => {
  const storage = new DiskStorage(dataDir);

  it('puts, gets and deletes files under DATA_DIR/uploads', async () => {
    const key = 'avatars/7/abc123-large.webp';
    await storage.put(key, Buffer.from('one'), 'image/webp');
    expect(existsSync(path.join(dataDir, 'uploads', 'avatars', '7', 'abc123-large.webp'))).toBe(true);
    expect((await storage.get(key))?.toString()).toBe('one');
    await storage.put(key, Buffer.from('two'), 'image/webp');
    expect((await storage.get(key))?.toString()).toBe('two');
    await storage.delete([key, 'avatars/7/missing-large.webp']);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get('never/there.webp')).toBeNull();
  });

  it('maps keys to /uploads URLs and back', () => {
    expect(storage.url('headers/3/f00-medium.webp')).toBe('/uploads/headers/3/f00-medium.webp');
    expect(storage.keyFromUrl('/uploads/headers/3/f00-medium.webp')).toBe('headers/3/f00-medium.webp');
    expect(storage.keyFromUrl('/uploads/headers/3/f00-medium.webp?v=2')).toBe('headers/3/f00-medium.webp');
    expect(storage.keyFromUrl('https://cdn.example.com/uploads/a.webp')).toBeNull();
    expect(storage.keyFromUrl('/uploads/../app.db')).toBeNull();
  });

  it.each([
    '../app.db',
    'avatars/../../app.db',
    '/etc/passwd',
    'avatars//x.webp',
    'avatars/./x.webp',
    'avatars\\..\\x.webp',
    'avatars/x.webp\0.png',
    '',
    'a/'.repeat(300),
    '%2e%2e/app.db',
  ])('refuses the key %j', async (key) => {
    expect(isValidKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete([key])).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.url(key)).toThrow(/Invalid storage key/);
  });

  it('is what createStorage picks by default', () => {
    expect(createStorage({ dataDir })).toBeInstanceOf(DiskStorage);
  });
});

describe('GET /uploads/*', () => {
  let app: FastifyInstance;
  const storage = new DiskStorage(dataDir);

  beforeAll(async () => {
    writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
    await storage.put('gallery/1/abc-large.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    app = Fastify();
    app.decorateRequest('lang', 'en');
    registerErrorHandler(app);
    registerUploads(app, storage, dataDir);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a stored file with immutable caching and its image type', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/gallery/1/abc-large.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('RIFF....WEBP');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 JSON for a missing file or a folder', async () => {
    for (const url of ['/uploads/gallery/1/nope-large.webp', '/uploads/gallery/1', '/uploads/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'notFound' });
    }
  });

  it('never serves a file outside the uploads folder', async () => {
    for (const url of ['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt', '/uploads/..%2fsecret.txt', '/uploads/gallery/%2e%2e/%2e%2e/secret.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('do not serve');
    }
  });
});

describe('temp files of interrupted writes', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tgs-sweep-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Files as a crash leaves them: a finished upload, and temp files of writes that never got renamed. */
  function leftovers(dir: string) {
    const folder = path.join(dir, 'uploads', 'gallery', '9');
    mkdirSync(folder, { recursive: true });
    const file = (name: string, ageMs = 0) => {
      const full = path.join(folder, name);
      writeFileSync(full, 'x');
      const when = new Date(Date.now() - ageMs);
      utimesSync(full, when, when);
      return full;
    };
    return {
      kept: file('abc-large.webp', 10 * TEMP_FILE_GRACE_MS),
      stale: [file('abc-medium.webp.0123456789ab.tmp', 2 * TEMP_FILE_GRACE_MS), file('def-large.webp.ba9876543210.tmp', 24 * 3600_000)],
      fresh: file('ghi-large.webp.aaaaaaaaaaaa.tmp'),
    };
  }

  it('sweeps stale *.tmp files in every folder and keeps the young ones and the real files', async () => {
    const files = leftovers(root);
    expect(await sweepTempFiles(path.join(root, 'uploads'))).toEqual({ deleted: 2, kept: 1 });
    for (const stale of files.stale) expect(existsSync(stale)).toBe(false);
    expect(existsSync(files.fresh)).toBe(true);
    expect(existsSync(files.kept)).toBe(true);
    expect(await sweepTempFiles(path.join(root, 'uploads'), 0)).toEqual({ deleted: 1, kept: 0 });
    expect(existsSync(files.fresh)).toBe(false);
    expect(await sweepTempFiles(path.join(root, 'no-uploads-yet'))).toEqual({ deleted: 0, kept: 0 });
  });

  it('sweeps when the app starts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tgs-sweep-app-'));
    const files = leftovers(dir);
    const app = Fastify();
    registerUploads(app, new DiskStorage(dir), dir);
    await app.ready();
    for (const stale of files.stale) expect(existsSync(stale)).toBe(false);
    expect(existsSync(files.kept)).toBe(true);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
