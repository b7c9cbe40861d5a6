import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb } from '../db/index';
import { createBackup, MANIFEST_FILE, restoreBackup, type Manifest } from '../lib/backup/index';
import { createStorage, S3Storage } from '../lib/storage/index';
import { send } from '../modules/messages/testing';
import { buyWithTestProvider } from '../modules/payments/testing';
import { createTestApp, describeEachEngine, engines, type Engine, type TestApp } from '../test/app';
import { createArtist, createStudio, type TestUser } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { startS3Fake, type S3Fake } from '../test/s3-fake';

const png = (background: string) => sharp({ create: { width: 96, height: 72, channels: 3, background } }).png().toBuffer();

async function upload(app: FastifyInstance, user: TestUser, url: string, fields: Record<string, string>, image: Buffer) {
  const body = await multipartBody(fields, { data: image, type: 'image/png', filename: 'work.png' });
  const res = await app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`upload to ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A deployment to restore into: a new data folder, on PostgreSQL a new database reading the
 * backed-up schema, and with `bucket` its objects in another bucket.
 */
async function emptyTarget(engine: Engine, source: Config, bucket?: S3Fake): Promise<{ config: Config; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tgs-restore-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: '0', ...bucket?.env() });
  if (engine === 'sqlite' || source.database.kind !== 'postgres') return { config, drop: () => rm(dataDir, { recursive: true, force: true }) };
  const name = `tgs_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (text: string) => {
    // The server's own database: the source app's database may be dropped before this one.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(source.database.url);
  url.pathname = `/${name}`;
  config.database = { kind: 'postgres', url: url.toString(), schema: source.database.schema };
  return {
    config,
    async drop() {
      await admin(`drop database ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where a suite's deployments keep their pictures: the data folder, or a bucket each (the S3 fake). */
type Objects = 'disk' | 's3';

function backupSuite(engine: Engine, objects: Objects): void {
  let source: TestApp;
  let restored: FastifyInstance;
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  let backupDir: string;
  let manifest: Manifest;
  let artist: TestUser;
  let studio: TestUser;
  let galleryImageId: number;
  const writes = { messagesBefore: 0, messagesAfter: 0, users: 0 };
  const cleanups: Array<() => Promise<unknown>> = [];
  // The source's bucket and the restored deployments' (a restore needs an empty store).
  const buckets: S3Fake[] = [];
  const bucket = async () => {
    if (objects === 'disk') return undefined;
    const fake = await startS3Fake(`tgs-backup-${buckets.length}`);
    buckets.push(fake);
    return fake;
  };

  /** Answers that must come back the same after the restore, asked with the users' own sessions. */
  const samples = (app: FastifyInstance) => {
    const get = async (url: string, as?: TestUser) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'de', ...(as ? { cookie: as.cookie } : {}) } });
      return { url, status: res.statusCode, body: res.json() };
    };
    // The public gallery also shows what the writers uploaded after the backup: the artist's part is compared.
    const artistsGallery = async () => {
      const answer = await get('/api/gallery');
      return { ...answer, body: (answer.body.images as { userId: number }[]).filter((image) => image.userId === artist.user.id) };
    };
    return Promise.all([
      get(`/api/users/${artist.user.id}/profile`),
      get(`/api/users/${studio.user.id}/profile`),
      artistsGallery(),
      get(`/api/gallery/image/${galleryImageId}`),
      get('/api/messages/conversations', artist),
      get(`/api/messages/contact/${studio.user.id}`, artist),
      get('/api/payments/history', artist),
      get('/api/auth/me', studio),
    ]);
  };

  beforeAll(async () => {
    source = await createTestApp(engine, (await bucket())?.env() ?? {});
    expect(source.app.ctx.storage instanceof S3Storage).toBe(objects === 's3');
    const app = source.app;
    [artist, studio] = [await createArtist(app), await createStudio(app)];
    await upload(app, artist, `/api/users/${artist.user.id}/upload-image`, { type: 'avatar' }, await png('#335577'));
    galleryImageId = (await upload(app, artist, '/api/gallery', { caption: 'Rose' }, await png('#aa3311'))).image.id;
    for (const text of ['Hallo, noch ein Termin frei?', 'Ja, am Dienstag.']) expect((await send(app, artist, studio.user.id, text)).statusCode).toBe(201);
    expect((await send(app, studio, artist.user.id, 'Passt, bis dann!')).statusCode).toBe(201);
    await buyWithTestProvider(app, artist, 'featured_artist');

    // Two others keep writing (messages, sign-ups, uploads) while the backup runs.
    const [writer, reader] = [await createArtist(app), await createStudio(app)];
    const countMessages = async () => (await app.ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    writes.messagesBefore = Number(await countMessages());
    let writing = true;
    const loop = (async () => {
      for (let i = 0; writing; i++) {
        expect((await send(app, writer, reader.user.id, `Nachricht ${i}`)).statusCode).toBe(201);
        if (i % 5 === 0) {
          await createArtist(app);
          writes.users++;
        }
        if (i % 10 === 0) await upload(app, writer, '/api/gallery', {}, await png(`#1${String(i % 100).padStart(2, '0')}0ff`));
      }
    })();
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'tgs-backups-')), 'today');
    try {
      manifest = await createBackup(source.config, backupDir);
    } finally {
      writing = false;
      await loop;
    }
    writes.messagesAfter = Number(await countMessages());

    target = await emptyTarget(engine, source.config, await bucket());
    await restoreBackup(target.config, backupDir);
    restored = await buildApp(target.config, { db: createDb(target.config.database) });
    await restored.ready();
  }, 180_000);

  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    await source?.close();
    for (const cleanup of cleanups) await cleanup();
    for (const fake of buckets) await fake.close();
    if (backupDir) await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('writes a manifest of the database, every object and the generated secret, with sizes and sha256', async () => {
    expect(manifest.engine).toBe(engine);
    expect(manifest.migration.latest).toMatch(/^\d{4}-\d\d-\d\d-\d{3}-/);
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain(engine === 'sqlite' ? 'database.sqlite' : 'database.dump');
    expect(paths).toContain('secrets/session-secret');
    expect(paths.filter((p) => p.startsWith('objects/gallery/')).length).toBeGreaterThanOrEqual(3);
    const onDisk = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(onDisk.files).toEqual(manifest.files);
    if (engine === 'postgres') expect(manifest.postgres?.schema).toBe(source.config.database.kind === 'postgres' ? source.config.database.schema : '');
  });

  it('answers the sampled profiles, galleries, conversations and payments as before, to the same sessions', async () => {
    const before = await samples(source.app);
    const after = await samples(restored);
    for (const answer of before) expect(answer.status, answer.url).toBe(200);
    expect(before[2]?.body).toHaveLength(1);
    expect(after).toEqual(before);
  });

  it('took one moment of the writes that ran meanwhile, with every object its rows name, byte for byte', async () => {
    expect(writes.messagesAfter, 'the writers wrote while the backup ran').toBeGreaterThan(writes.messagesBefore);
    const db = restored.ctx.db;
    const messages = Number((await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(messages).toBeGreaterThanOrEqual(writes.messagesBefore);
    expect(messages).toBeLessThanOrEqual(writes.messagesAfter);

    const rows = await db.selectFrom('gallery_images').select(['image_url', 'medium_url', 'thumbnail_url']).execute();
    const avatars = await db.selectFrom('users').select('avatar').where('avatar', 'is not', null).execute();
    const urls = [...rows.flatMap((r) => [r.image_url, r.medium_url, r.thumbnail_url]), ...avatars.map((a) => a.avatar as string)];
    expect(urls.length).toBeGreaterThanOrEqual(4);
    const [from, to] = [source.app.ctx.storage, createStorage(target.config)];
    for (const url of urls) {
      const key = from.keyFromUrl(url);
      expect(key, url).not.toBeNull();
      const copy = await to.get(key as string);
      expect(copy, url).not.toBeNull();
      expect(copy?.equals((await from.get(key as string)) as Buffer), url).toBe(true);
    }
    for (const entry of manifest.files.filter((f) => f.path.startsWith('objects/'))) {
      const key = entry.path.slice('objects/'.length);
      expect((await to.get(key))?.equals((await from.get(key)) as Buffer), key).toBe(true);
    }
    const served = await restored.inject({ method: 'GET', url: urls[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals((await from.get(from.keyFromUrl(urls[0] as string) as string)) as Buffer)).toBe(true);
  });

  it('refuses a target that holds data without --force, and restores over it with --force', async () => {
    await expect(restoreBackup(target.config, backupDir)).rejects.toThrow(/not empty.*--force/s);
    await restored.close();
    await restoreBackup(target.config, backupDir, { force: true });
    restored = await buildApp(target.config, { db: createDb(target.config.database) });
    await restored.ready();
    expect(await samples(restored)).toEqual(await samples(source.app));
  });

  it('refuses a backup whose files fail the manifest, before touching the target', async () => {
    const broken = path.join(path.dirname(backupDir), 'broken');
    await cp(backupDir, broken, { recursive: true });
    const object = manifest.files.find((f) => f.path.startsWith('objects/gallery/')) as Manifest['files'][number];
    const file = path.join(broken, ...object.path.split('/'));
    const bytes = await readFile(file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff;
    await writeFile(file, bytes);

    const fresh = await emptyTarget(engine, source.config, await bucket());
    cleanups.push(fresh.drop);
    await expect(restoreBackup(fresh.config, broken)).rejects.toThrow(new RegExp(`fails its manifest check[\\s\\S]*${object.path}: sha256 differs`));
    await rm(path.join(broken, MANIFEST_FILE));
    await expect(restoreBackup(fresh.config, broken)).rejects.toThrow(/not a finished backup/);
    // Nothing was put in place: a later restore into it needs no --force.
    await expect(restoreBackup(fresh.config, backupDir)).resolves.toMatchObject({ engine });
  });
}

describeEachEngine('backup and restore', (engine) => backupSuite(engine, 'disk'));

// A deployment with its pictures in a bucket backs them up and restores them through the same
// storage port; proven on PostgreSQL, the engine such a deployment runs on.
if (engines.includes('postgres')) describe('backup and restore, pictures in S3 [postgres]', () => backupSuite('postgres', 's3'));
