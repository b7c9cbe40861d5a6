import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../errors';
import { createStorage, DiskStorage, isValidKey, registerUploads } from './index';

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
