import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { IMAGE_UPLOAD_LIMIT, VARIANT_NAMES, variantUrl } from '../../lib/images/index';
import { describeEachEngine, type TestApp, useTestApp } from '../../test/app';
import { createArtist, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { GALLERY_MAX_PER_USER } from './service';

const PARALLEL = 50;

function png(width: number, height: number, background = '#aa3377') {
  return sharp({ create: { width, height, channels: 3, background } }).png({ compressionLevel: 9 }).toBuffer();
}

/** Every file below uploads/<folder>/<userId>, as public URLs. */
async function filesOnDisk(t: TestApp, folder: string, userId: number): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'uploads', folder, String(userId));
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.map((name) => `/uploads/${folder}/${userId}/${name}`).sort();
}

/** The files a set of stored images should have on disk: every variant of each. */
function variantsOf(urls: string[]): string[] {
  return urls.flatMap((url) => VARIANT_NAMES.map((name) => variantUrl(url, name))).sort();
}

function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return counts;
}

/** Answers that refuse for load carry a Retry-After a client can follow. */
function expectRetryAfter(responses: LightMyRequestResponse[]) {
  for (const res of responses.filter((r) => r.statusCode === 429 || r.statusCode === 503)) {
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
}

/** Largest resident set size seen while `work` runs, sampled every few milliseconds. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

describeEachEngine('parallel uploads', (engine) => {
  let image: Buffer;

  const t = useTestApp(engine, async () => {
    image = await png(640, 480);
  });

  const galleryUpload = async (user: TestUser, file: Buffer) => {
    const body = await multipartBody({ caption: 'parallel' }, { data: file, type: 'image/png', filename: 'ink.png' });
    return () => t.app.inject({ method: 'POST', url: '/api/gallery', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  };
  const profileUpload = async (user: TestUser, type: 'avatar' | 'header', file: Buffer) => {
    const body = await multipartBody({ type }, { data: file, type: 'image/png', filename: 'me.png' });
    return () =>
      t.app.inject({ method: 'POST', url: `/api/users/${user.user.id}/upload-image`, payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  };
  const inParallel = (count: number, send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: count }, send));
  const galleryRows = (userId: number) =>
    t.app.ctx.db.selectFrom('gallery_images').select(['id', 'image_url', 'position']).where('user_id', '=', userId).execute();

  // Ahead of the cases below: the process keeps memory it once used, so it would measure them too.
  it('keeps 60 parallel uploads of a 39000 x 1000 PNG under 600 MB of resident memory', async () => {
    // One colour: about a hundred kilobytes on the wire, 117 MB once decoded.
    const strip = await png(39_000, 1000, '#ffffff');
    const user = await createArtist(t.app);
    const send = await galleryUpload(user, strip);
    const { result: responses, peak } = await peakRss(() => inParallel(60, send));
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => /^(2\d\d|413|429|503)$/.test(s)), JSON.stringify(counts)).toBe(true);
    expect(responses.find((r) => r.statusCode === 413)?.json().code).toBe('imageDimensionsTooLarge');
    expect(peak / 1024 / 1024).toBeLessThan(600);
    expect(process.memoryUsage().rss / 1024 / 1024).toBeLessThan(600);
  });

  it(`gives ${PARALLEL} parallel gallery uploads distinct positions and leaves no orphan files`, async () => {
    const user = await createArtist(t.app);
    const responses = await inParallel(PARALLEL, await galleryUpload(user, image));
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => ['201', '429', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    expect(counts[429]).toBe(PARALLEL - IMAGE_UPLOAD_LIMIT.max);
    expect(counts[201]).toBeGreaterThan(1);
    expectRetryAfter(responses);

    const rows = await galleryRows(user.user.id);
    expect(rows).toHaveLength(counts[201] ?? 0);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
    expect(await filesOnDisk(t, 'gallery', user.user.id)).toEqual(variantsOf(rows.map((r) => r.image_url)));
  });

  it(`keeps the cap of ${GALLERY_MAX_PER_USER} images against ${PARALLEL} parallel uploads to a nearly full portfolio`, async () => {
    const user = await createArtist(t.app);
    const before = GALLERY_MAX_PER_USER - 5;
    const now = new Date().toISOString();
    // Rows without files: only the uploads below put files on disk.
    await t.app.ctx.db
      .insertInto('gallery_images')
      .values(
        Array.from({ length: before }, (_, i) => ({
          user_id: user.user.id,
          image_url: `https://example.test/${i}-large.webp`,
          medium_url: `https://example.test/${i}-medium.webp`,
          thumbnail_url: `https://example.test/${i}-thumbnail.webp`,
          width: 10,
          height: 10,
          caption: null,
          position: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    const responses = await inParallel(PARALLEL, await galleryUpload(user, image));
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => ['201', '400', '429', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    for (const res of responses.filter((r) => r.statusCode === 400)) expect(res.json().code).toBe('galleryFull');
    expect(counts[201]).toBeLessThanOrEqual(GALLERY_MAX_PER_USER - before);

    const rows = await galleryRows(user.user.id);
    expect(rows).toHaveLength(before + (counts[201] ?? 0));
    expect(rows.length).toBeLessThanOrEqual(GALLERY_MAX_PER_USER);
    // Nothing refused for load, so every free place was taken.
    if (!counts[503]) expect(rows).toHaveLength(GALLERY_MAX_PER_USER);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
    const uploaded = rows.filter((r) => r.image_url.startsWith('/uploads/')).map((r) => r.image_url);
    expect(await filesOnDisk(t, 'gallery', user.user.id)).toEqual(variantsOf(uploaded));
  });

  it.each(['avatar', 'header'] as const)(`leaves exactly the current %s's files after ${PARALLEL} parallel replacements`, async (type) => {
    const user = await createArtist(t.app);
    const responses = await inParallel(PARALLEL, await profileUpload(user, type, image));
    const counts = statusCounts(responses);
    expect(Object.keys(counts).every((s) => ['200', '429', '503'].includes(s)), JSON.stringify(counts)).toBe(true);
    expect(counts[200]).toBeGreaterThan(1);
    expectRetryAfter(responses);

    const row = await t.app.ctx.db.selectFrom('users').select(['avatar', 'header_image']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const current = type === 'avatar' ? row.avatar : row.header_image;
    expect(current).toMatch(/^\/uploads\//);
    expect(responses.some((r) => r.statusCode === 200 && r.json().imageUrl === current)).toBe(true);
    expect(await filesOnDisk(t, type === 'avatar' ? 'avatars' : 'headers', user.user.id)).toEqual(variantsOf([current as string]));
  });
});
