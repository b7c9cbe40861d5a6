import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { GALLERY_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import { AppError } from '../../errors';
import { DiskStorage } from '../storage/index';
import { deleteImageFiles, MAX_INPUT_SIDE, processImage, storeImage, variantUrl, type ImageKind } from './index';
import { WorkQueue } from './queue';

function solid(width: number, height: number, background = '#b03030') {
  return sharp({ create: { width, height, channels: 3, background } });
}

async function expectAppError(promise: Promise<unknown>, status: number, code: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
  expect((err as AppError).code).toBe(code);
}

/** A photo as phones write it: EXIF with camera, GPS and orientation, plus an ICC profile. */
async function cameraJpeg(width: number, height: number, orientation = 1) {
  return solid(width, height)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'InkCam', Model: 'Flash 3000', Copyright: 'Jane Doe', Artist: 'Jane Doe' },
      IFD2: { DateTimeOriginal: '2025:06:01 12:00:00', BodySerialNumber: 'SN-123456' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1200/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, sum]);
}

/**
 * A PNG whose header claims the given size but whose pixel data is garbage: any attempt to
 * decode it fails (415), so a 413 proves the image was judged by its header alone.
 */
function headerOnlyPng(width: number, height: number, bitDepth = 8, colourType = 6): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processImage', () => {
  it('makes square avatar variants of 96, 256 and 512 px', async () => {
    const input = await solid(1200, 800).png().toBuffer();
    const out = await processImage(input, 'avatar');
    expect(out.width).toBe(1200);
    expect(out.height).toBe(800);
    const sizes = Object.fromEntries(Object.entries(out.variants).map(([k, v]) => [k, [v.width, v.height]]));
    expect(sizes).toEqual({ thumbnail: [96, 96], medium: [256, 256], large: [512, 512] });
    const meta = await sharp(out.variants.large.buffer).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });

  it('crops headers to 3:1 at 600, 1200 and 1800 px wide', async () => {
    const out = await processImage(await solid(2400, 1600).jpeg().toBuffer(), 'header');
    expect(out.variants.thumbnail).toMatchObject({ width: 600, height: 200 });
    expect(out.variants.medium).toMatchObject({ width: 1200, height: 400 });
    expect(out.variants.large).toMatchObject({ width: 1800, height: 600 });
  });

  it('fits gallery images into 400, 800 and 1600 px on the long side', async () => {
    const out = await processImage(await solid(2000, 3000).webp().toBuffer(), 'gallery');
    expect(out.variants.thumbnail).toMatchObject({ width: 267, height: 400 });
    expect(out.variants.medium).toMatchObject({ width: 533, height: 800 });
    expect(out.variants.large).toMatchObject({ width: 1067, height: 1600 });
  });

  it('never enlarges a small image', async () => {
    const gallery = await processImage(await solid(500, 300).png().toBuffer(), 'gallery');
    expect(gallery.variants.medium).toMatchObject({ width: 500, height: 300 });
    expect(gallery.variants.large).toMatchObject({ width: 500, height: 300 });
    const avatar = await processImage(await solid(200, 300).png().toBuffer(), 'avatar');
    expect(avatar.variants.large).toMatchObject({ width: 200, height: 200 });
    const header = await processImage(await solid(900, 200).png().toBuffer(), 'header');
    expect(header.variants.large).toMatchObject({ width: 600, height: 200 });
  });

  it('strips EXIF (GPS included), ICC, XMP and IPTC from every variant', async () => {
    const input = await cameraJpeg(1000, 800);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    const out = await processImage(input, 'gallery');
    for (const variant of Object.values(out.variants)) {
      const meta = await sharp(variant.buffer).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.buffer.includes(Buffer.from('InkCam'))).toBe(false);
      expect(variant.buffer.includes(Buffer.from('SN-123456'))).toBe(false);
    }
  });

  it('rotates by EXIF orientation before resizing', async () => {
    // Stored 1200x600 with orientation 6: a viewer shows it 600 wide and 1200 tall.
    const out = await processImage(await cameraJpeg(1200, 600, 6), 'gallery');
    expect(out.width).toBe(600);
    expect(out.height).toBe(1200);
    expect(out.variants.large).toMatchObject({ width: 600, height: 1200 });
    expect(out.variants.thumbnail).toMatchObject({ width: 200, height: 400 });
  });

  it('keeps the first frame of an animated GIF avatar', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((c) => solid(120, 80, c).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const out = await processImage(gif, 'avatar');
    expect(out).toMatchObject({ width: 120, height: 80 });
    expect(out.variants.large).toMatchObject({ width: 80, height: 80 });
    const { data } = await sharp(out.variants.large.buffer).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(50);
  });

  it('refuses GIF in the gallery', async () => {
    const gif = await solid(100, 100).gif().toBuffer();
    await expectAppError(processImage(gif, 'gallery'), 415, 'galleryImageInvalidFormat');
  });

  it('refuses a script renamed to .jpg by its bytes', async () => {
    const script = Buffer.from('#!/bin/sh\necho hi\n');
    await expectAppError(processImage(script, 'avatar'), 415, 'imageUnsupportedType');
    await expectAppError(processImage(script, 'gallery'), 415, 'galleryImageInvalidFormat');
  });

  it('refuses SVG and other image types', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectAppError(processImage(svg, 'avatar'), 415, 'imageUnsupportedType');
    const tiff = await solid(20, 20).tiff().toBuffer();
    await expectAppError(processImage(tiff, 'header'), 415, 'imageUnsupportedType');
  });

  it('refuses a corrupt image whose header looks right', async () => {
    const jpeg = await solid(400, 400).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(2000, 0x55)]);
    await expectAppError(processImage(broken, 'avatar'), 415, 'imageUnsupportedType');
  });

  it.each<[ImageKind, number, string]>([
    ['avatar', PROFILE_IMAGE_MAX_BYTES, 'imageTooLarge'],
    ['header', PROFILE_IMAGE_MAX_BYTES, 'imageTooLarge'],
    ['gallery', GALLERY_IMAGE_MAX_BYTES, 'galleryImageTooLarge'],
  ])('refuses a %s over %i bytes with 413', async (kind, max, code) => {
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    const oversized = Buffer.concat([jpeg, Buffer.alloc(max + 1 - jpeg.length)]);
    await expectAppError(processImage(oversized, kind), 413, code);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    // 49 megapixels of one colour: about 150 kB as PNG.
    const bomb = await solid(7000, 7000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    await expectAppError(processImage(bomb, 'avatar'), 413, 'imageTooManyPixels');
    await expectAppError(processImage(bomb, 'gallery'), 413, 'imageTooManyPixels');
  });

  it('refuses a long strip by its side from the header, before decoding', async () => {
    // 39 megapixels, under the pixel cap, yet the shape that once took the process to 1.8 GB.
    const strip = await solid(39_000, 1000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
    expect(strip.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    await expectAppError(processImage(strip, 'gallery'), 413, 'imageDimensionsTooLarge');
    await expectAppError(processImage(headerOnlyPng(MAX_INPUT_SIDE + 1, 100), 'avatar'), 413, 'imageDimensionsTooLarge');
    await expectAppError(processImage(headerOnlyPng(100, MAX_INPUT_SIDE + 1), 'header'), 413, 'imageDimensionsTooLarge');
    // The same garbage at an allowed size is only found out by decoding.
    await expectAppError(processImage(headerOnlyPng(100, 100), 'gallery'), 415, 'galleryImageInvalidFormat');
  });

  it('refuses an image whose decoded bytes exceed the budget, naming the megapixels its depth allows', async () => {
    // 25 megapixels of 16-bit RGBA: 200 MB decoded, over the budget of 160 MB.
    const err = await processImage(headerOnlyPng(5000, 5000, 16, 6), 'gallery').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 413, code: 'imageTooManyPixels', params: { megapixels: 20 } });
  });

  it('decodes through the queue, and answers 503 with Retry-After when its backlog is full', async () => {
    const queue = new WorkQueue(1, 0);
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const input = await solid(300, 200).png().toBuffer();
    const err = await processImage(input, 'avatar', queue).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'imageQueueFull', extra: { retryAfter: expect.any(Number) } });
    // Refusals by the header never take a place in the queue.
    await expectAppError(processImage(headerOnlyPng(MAX_INPUT_SIDE + 1, 10), 'avatar', queue), 413, 'imageDimensionsTooLarge');
    release();
    await busy;
    expect((await processImage(input, 'avatar', queue)).variants.large.width).toBe(200);
  });
});

describe('storeImage and deleteImageFiles', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tgs-images-'));
  const storage = new DiskStorage(dataDir);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores the variants under one random base name and deletes them by the large URL', async () => {
    const processed = await processImage(await solid(600, 600).png().toBuffer(), 'avatar');
    const stored = await storeImage(storage, processed, 'avatars/12');
    expect(stored.imageUrl).toBe(stored.urls.largeUrl);
    expect(stored.urls.largeUrl).toMatch(/^\/uploads\/avatars\/12\/[0-9a-f]{24}-large\.webp$/);
    expect(variantUrl(stored.imageUrl, 'thumbnail')).toBe(stored.urls.thumbnailUrl);
    expect(variantUrl(stored.imageUrl, 'medium')).toBe(stored.urls.mediumUrl);
    expect(stored.keys).toHaveLength(3);
    for (const key of stored.keys) expect(await storage.get(key)).not.toBeNull();
    const again = await storeImage(storage, processed, 'avatars/12');
    expect(again.imageUrl).not.toBe(stored.imageUrl);

    await deleteImageFiles(storage, [stored.imageUrl, 'https://example.com/uploads/x-large.webp', null, '']);
    for (const key of stored.keys) expect(await storage.get(key)).toBeNull();
    for (const key of again.keys) expect(await storage.get(key)).not.toBeNull();
  });

  it('ignores URLs that do not belong to the storage', async () => {
    await expect(deleteImageFiles(storage, ['/uploads/../app.db', '/elsewhere/a.webp', 'data:image/png;base64,xx'])).resolves.toBeUndefined();
  });
});
