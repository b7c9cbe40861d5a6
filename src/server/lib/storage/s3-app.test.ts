import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachEngine, type TestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { startS3Fake, type S3Fake } from '../../test/s3-fake';
import { collectObjects, COLLECT_AFTER_MS, S3Storage } from './index';

describeEachEngine('uploads on a bucket, through the API', (engine) => {
  let fake: S3Fake;
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    fake = await startS3Fake();
    t = await createTestApp(engine, fake.env('proxy'));
    [owner, other] = [await createArtist(t.app), await createArtist(t.app)];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const bucket = () => t.app.ctx.storage as S3Storage;
  const keysOf = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of bucket().list(prefix)) keys.push(key);
    return keys.sort();
  };
  const upload = async () => {
    const file = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884422' } }).png().toBuffer();
    const body = await multipartBody({}, { data: file, type: 'image/png', filename: 'tattoo.png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().image as { id: number; imageUrl: string; mediumUrl: string; thumbnailUrl: string };
  };

  it('writes every variant to the bucket and serves them same-origin, rows keeping /uploads paths', async () => {
    expect(t.app.ctx.storage).toBeInstanceOf(S3Storage);
    const image = await upload();
    expect(image.imageUrl).toMatch(new RegExp(`^/uploads/gallery/${owner.user.id}/[0-9a-f]+-large\\.webp$`));
    const base = image.imageUrl.replace(/-large\.webp$/, '').slice('/uploads/'.length);
    expect(await keysOf(`gallery/${owner.user.id}`)).toEqual(expect.arrayContaining([`${base}-large.webp`, `${base}-medium.webp`, `${base}-thumbnail.webp`]));
    for (const url of [image.imageUrl, image.mediumUrl, image.thumbnailUrl]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(String(page.headers['content-security-policy'] ?? '')).not.toContain(fake.endpoint);
  });

  it('hides a hidden image from everyone but its owner', async () => {
    const image = await upload();
    await t.app.ctx.db.updateTable('gallery_images').set({ hidden_at: new Date().toISOString(), hidden_reason: 'test' }).where('id', '=', image.id).execute();
    expect((await t.app.inject({ method: 'GET', url: image.thumbnailUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: image.thumbnailUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: image.thumbnailUrl, headers: { cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
  });

  it('marks a deleted image: 404 at once, objects collected after a day, unnamed old objects too', async () => {
    const image = await upload();
    const kept = await upload();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${image.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: image.imageUrl })).statusCode).toBe(404);
    const key = image.imageUrl.slice('/uploads/'.length);
    expect(await bucket().get(key)).not.toBeNull();
    await bucket().put(`gallery/${owner.user.id}/0123456789abcdef01234567-large.webp`, Buffer.from('orphan'), 'image/webp');

    expect(await collectObjects(t.app.ctx.db, bucket())).toEqual({ marked: 0, orphans: 0 });
    expect(await bucket().get(key)).not.toBeNull();
    const later = Date.now() + COLLECT_AFTER_MS + 60_000;
    const collected = await collectObjects(t.app.ctx.db, bucket(), later);
    expect(collected.marked).toBe(3);
    expect(collected.orphans).toBe(1);
    expect(await bucket().get(key)).toBeNull();
    expect(await bucket().get(`gallery/${owner.user.id}/0123456789abcdef01234567-large.webp`)).toBeNull();
    for (const url of [kept.imageUrl, kept.mediumUrl, kept.thumbnailUrl]) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect(await t.app.ctx.db.selectFrom('storage_deletions').selectAll().execute()).toEqual([]);
  });

  it('answers an upload 503 with a message while the bucket is down', async () => {
    await fake.stop();
    try {
      const file = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#224488' } }).png().toBuffer();
      const body = await multipartBody({}, { data: file, type: 'image/png', filename: 'tattoo.png' });
      const res = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie, 'accept-language': 'de' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'storageUnavailable', error: expect.stringMatching(/Bildspeicher/) });
    } finally {
      await fake.start();
    }
  }, 30_000);
});

describeEachEngine('presigned reads through the app', (engine) => {
  let fake: S3Fake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startS3Fake();
    t = await createTestApp(engine, fake.env('presigned'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('admits the bucket origin to img-src and redirects to a signed link', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health/live' })).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${fake.endpoint.replace(/[.:/]/g, '\\$&')}`));
    await (t.app.ctx.storage as S3Storage).put('gallery/1/abc-large.webp', Buffer.from('x'), 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/gallery/1/abc-large.webp' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('X-Amz-Signature=');
  });
});

describeEachEngine('public reads through the app', (engine) => {
  let fake: S3Fake;
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    fake = await startS3Fake();
    t = await createTestApp(engine, fake.env('public'));
    [owner, admin] = [await createArtist(t.app), await createArtist(t.app)];
    await t.app.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('links to the public address, and moves a hidden image out of its reach until it is shown again', async () => {
    const file = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#448822' } }).png().toBuffer();
    const body = await multipartBody({}, { data: file, type: 'image/png', filename: 'tattoo.png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
    const image = res.json().image as { id: number; imageUrl: string };
    const key = image.imageUrl.slice('/uploads/'.length);
    const read = await t.app.inject({ method: 'GET', url: image.imageUrl });
    expect(read.statusCode).toBe(302);
    expect(read.headers.location).toBe(`${fake.endpoint}/${fake.bucket}/${key}`);
    expect((await fetch(String(read.headers.location))).status).toBe(200);

    const moderate = (action: 'hide' | 'unhide') =>
      t.app.inject({ method: 'POST', url: `/api/admin/gallery/${image.id}/${action}`, payload: { reason: 'Checking the rules' }, headers: { cookie: admin.cookie } });
    expect((await moderate('hide')).statusCode).toBeLessThan(300);
    expect((await fetch(`${fake.endpoint}/${fake.bucket}/${key}`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: image.imageUrl })).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: image.imageUrl, headers: { cookie: owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    expect((await moderate('unhide')).statusCode).toBeLessThan(300);
    expect((await fetch(`${fake.endpoint}/${fake.bucket}/${key}`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image.imageUrl })).statusCode).toBe(302);
  });
});
