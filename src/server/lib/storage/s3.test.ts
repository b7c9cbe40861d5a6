import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../errors';
import { startS3Fake, type S3Fake } from '../../test/s3-fake';
import { createStorage, registerUploads, type UploadGuard } from './index';
import { HIDDEN_PREFIX, S3Storage, s3ImageOrigin } from './s3';

let fake: S3Fake;
beforeAll(async () => {
  fake = await startS3Fake();
}, 30_000);
afterAll(() => fake.close());

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of iterable) keys.push(key);
  return keys.sort();
}

describe('S3Storage against the fake', () => {
  it('puts, gets, lists and deletes objects, keeping each one sha256', async () => {
    const storage = new S3Storage(fake.settings());
    const bytes = Buffer.from('RIFF....WEBP one');
    await storage.put('gallery/1/aaa-large.webp', bytes, 'image/webp');
    await storage.put('gallery/1/aaa-medium.webp', Buffer.from('medium'), 'image/webp');
    await storage.put('gallery/2/bbb-large.webp', Buffer.from('two'), 'image/webp');
    expect(await storage.get('gallery/1/aaa-large.webp')).toEqual(bytes);
    expect(await storage.get('gallery/1/none-large.webp')).toBeNull();
    expect(await storage.sha256Of('gallery/1/aaa-large.webp')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await collect(storage.list('gallery/1'))).toEqual(['gallery/1/aaa-large.webp', 'gallery/1/aaa-medium.webp']);
    expect(await collect(storage.list())).toEqual(expect.arrayContaining(['gallery/2/bbb-large.webp']));
    await storage.delete(['gallery/1/aaa-large.webp', 'gallery/1/aaa-medium.webp', 'gallery/1/never-large.webp']);
    expect(await storage.get('gallery/1/aaa-large.webp')).toBeNull();
    expect(await collect(storage.list('gallery/1'))).toEqual([]);
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('lists past a page of results', async () => {
    const storage = new S3Storage(fake.settings(), { listPageSize: 7 });
    const keys = Array.from({ length: 30 }, (_, i) => `many/${String(i).padStart(4, '0')}.webp`);
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key), 'image/webp')));
    expect(await collect(storage.list('many'))).toEqual(keys);
    await storage.delete(keys);
    expect(await collect(storage.list('many'))).toEqual([]);
  });

  it('streams a byte range and answers 304 to a matching If-None-Match', async () => {
    const storage = new S3Storage(fake.settings());
    await storage.put('range/x.webp', Buffer.from('0123456789'), 'image/webp');
    const part = await storage.open('range/x.webp', { range: 'bytes=2-5' });
    expect(part).toMatchObject({ status: 206, contentRange: 'bytes 2-5/10', contentLength: 4 });
    const whole = await storage.open('range/x.webp');
    expect(whole?.status).toBe(200);
    whole?.body?.resume();
    const again = await storage.open('range/x.webp', { ifNoneMatch: whole?.etag });
    expect(again?.status).toBe(304);
    expect(await storage.open('range/missing.webp')).toBeNull();
    part?.body?.resume();
  });

  it('moves objects under the hidden prefix and back', async () => {
    const storage = new S3Storage(fake.settings());
    await storage.put('gallery/5/ccc-large.webp', Buffer.from('c'), 'image/webp');
    await storage.move(['gallery/5/ccc-large.webp'], 'hide');
    expect(await storage.get('gallery/5/ccc-large.webp')).toBeNull();
    expect((await storage.get(HIDDEN_PREFIX + 'gallery/5/ccc-large.webp'))?.toString()).toBe('c');
    await storage.move(['gallery/5/ccc-large.webp'], 'show');
    expect((await storage.get('gallery/5/ccc-large.webp'))?.toString()).toBe('c');
    expect(await storage.get(HIDDEN_PREFIX + 'gallery/5/ccc-large.webp')).toBeNull();
    await storage.move(['gallery/5/ccc-large.webp'], 'hide');
    await storage.delete(['gallery/5/ccc-large.webp']);
    expect(await collect(storage.list(HIDDEN_PREFIX + 'gallery/5'))).toEqual([]);
  });

  it('signs a GET link valid for an hour that a plain fetch can follow', async () => {
    const storage = new S3Storage(fake.settings('presigned'));
    await storage.put('signed/s.webp', Buffer.from('signed bytes'), 'image/webp');
    const now = Date.now();
    const { url, freshForSeconds } = await storage.signedUrl('signed/s.webp', now);
    expect(url).toContain('X-Amz-Signature=');
    expect(url).toContain('X-Amz-Expires=3600');
    expect(url).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);
    expect(freshForSeconds).toBeGreaterThan(0);
    expect(freshForSeconds).toBeLessThanOrEqual(1800);
    expect((await storage.signedUrl('signed/s.webp', now + 1000)).url).toBe(url);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
  });

  it('is what createStorage picks with a bucket configured', () => {
    expect(createStorage({ dataDir: '/nowhere', s3: fake.settings() })).toBeInstanceOf(S3Storage);
  });

  it('names the origin browsers load images from per read mode', () => {
    expect(s3ImageOrigin(null)).toBeNull();
    expect(s3ImageOrigin(fake.settings('proxy'))).toBeNull();
    expect(s3ImageOrigin(fake.settings('presigned'))).toBe(fake.endpoint);
    expect(s3ImageOrigin({ ...fake.settings('public'), publicUrl: 'https://cdn.example.com/img' })).toBe('https://cdn.example.com');
    expect(s3ImageOrigin({ bucket: 'pics', region: 'eu-central-1', forcePathStyle: false, reads: 'presigned' })).toBe('https://pics.s3.eu-central-1.amazonaws.com');
  });
});

describe('GET /uploads/* on a bucket', () => {
  const apps: FastifyInstance[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  /** Keys under `hidden/` stand for a hidden image, `gone/` for a deleted one; the owner has the header `x-owner`. */
  const guard: UploadGuard = async (key, request) => {
    if (key.startsWith('gone/')) return 'gone';
    if (key.startsWith('secret/')) return request.headers['x-owner'] ? 'private' : 'gone';
    return 'public';
  };

  async function appFor(reads: 'proxy' | 'presigned' | 'public') {
    const storage = new S3Storage(fake.settings(reads), { maxAttempts: 1 });
    const app = Fastify();
    app.decorateRequest('lang', 'en');
    app.addHook('onRequest', async (request) => {
      if (request.headers['accept-language'] === 'de') request.lang = 'de';
    });
    registerErrorHandler(app);
    registerUploads(app, storage, '/nowhere', guard);
    await app.ready();
    apps.push(app);
    return { app, storage };
  }

  it('proxy: streams with immutable caching, passes Range and If-None-Match, 404s unknown and malformed keys', async () => {
    const { app, storage } = await appFor('proxy');
    await storage.put('gallery/9/ddd-large.webp', Buffer.from('0123456789'), 'image/webp');
    const res = await app.inject({ method: 'GET', url: '/uploads/gallery/9/ddd-large.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0123456789');
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-length': '10',
    });
    const part = await app.inject({ method: 'GET', url: '/uploads/gallery/9/ddd-large.webp', headers: { range: 'bytes=3-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('34');
    expect(part.headers['content-range']).toBe('bytes 3-4/10');
    const cached = await app.inject({ method: 'GET', url: '/uploads/gallery/9/ddd-large.webp', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    for (const url of ['/uploads/gallery/9/nope-large.webp', '/uploads/gallery/9/bad%20name.webp', '/uploads/gallery//x.webp', '/uploads/']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, code: 'notFound' });
    }
  });

  it('checks the guard before serving or signing: deleted and foreign hidden images are 404 in every mode', async () => {
    for (const reads of ['proxy', 'presigned', 'public'] as const) {
      const { app, storage } = await appFor(reads);
      await storage.put('gone/1/eee-large.webp', Buffer.from('deleted'), 'image/webp');
      await storage.put('secret/1/fff-large.webp', Buffer.from('hidden'), 'image/webp');
      if (reads === 'public') await storage.move(['secret/1/fff-large.webp'], 'hide');
      expect((await app.inject({ method: 'GET', url: '/uploads/gone/1/eee-large.webp' })).statusCode, reads).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/uploads/secret/1/fff-large.webp' })).statusCode, reads).toBe(404);
      // Its owner still sees it, through this server and never from a shared cache.
      const own = await app.inject({ method: 'GET', url: '/uploads/secret/1/fff-large.webp', headers: { 'x-owner': '1' } });
      expect(own.statusCode, reads).toBe(200);
      expect(own.body).toBe('hidden');
      expect(own.headers['cache-control']).toBe('private, no-cache');
      await storage.delete(['gone/1/eee-large.webp', 'secret/1/fff-large.webp']);
    }
  });

  it('presigned: redirects to a link signed for an hour', async () => {
    const { app, storage } = await appFor('presigned');
    await storage.put('gallery/9/ggg-large.webp', Buffer.from('presigned bytes'), 'image/webp');
    const res = await app.inject({ method: 'GET', url: '/uploads/gallery/9/ggg-large.webp' });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${fake.endpoint}/${fake.bucket}/gallery/9/ggg-large.webp?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    expect(location).toContain('X-Amz-Expires=3600');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await (await fetch(location)).text()).toBe('presigned bytes');
  });

  it('public: redirects to the public address of the object', async () => {
    const { app, storage } = await appFor('public');
    await storage.put('gallery/9/hhh-large.webp', Buffer.from('public bytes'), 'image/webp');
    const res = await app.inject({ method: 'GET', url: '/uploads/gallery/9/hhh-large.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${fake.endpoint}/${fake.bucket}/gallery/9/hhh-large.webp`);
    expect(await (await fetch(String(res.headers.location))).text()).toBe('public bytes');
  });

  it('answers 503 with a message in the request language while the bucket is down, in every mode', async () => {
    const modes = await Promise.all((['proxy', 'presigned', 'public'] as const).map(async (reads) => ({ reads, ...(await appFor(reads)) })));
    await fake.stop();
    try {
      for (const { reads, app, storage } of modes) {
        // Signing and public links need no bucket; the owner's view of a hidden image does.
        const url = reads === 'proxy' ? '/uploads/gallery/9/ddd-large.webp' : '/uploads/secret/1/iii-large.webp';
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'de', 'x-owner': '1' } });
        expect(res.statusCode, reads).toBe(503);
        expect(res.json()).toMatchObject({ success: false, code: 'storageUnavailable', error: expect.stringMatching(/Bildspeicher/) });
        expect(res.headers['retry-after']).toBe('30');
        await expect(storage.ping()).rejects.toMatchObject({ status: 503 });
        await expect(storage.put('gallery/9/new-large.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ status: 503 });
      }
    } finally {
      await fake.start();
    }
    const back = await modes[0]?.app.inject({ method: 'GET', url: '/uploads/gallery/9/ddd-large.webp' });
    expect(back?.statusCode).toBe(200);
  }, 30_000);
});
