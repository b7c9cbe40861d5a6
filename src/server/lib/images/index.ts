import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { GALLERY_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import { AppError } from '../../errors';
import { faultPoint } from '../faults';
import type { Limit } from '../rate-limit/index';
import { S3Storage, type Storage } from '../storage/index';
import { WorkQueue } from './queue';
import { noteStoredImage } from './stored-note';

export { withStoredImageNote, type StoredImageNote } from './stored-note';

export type ImageKind = 'avatar' | 'header' | 'gallery';

export const VARIANT_NAMES = ['thumbnail', 'medium', 'large'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

export interface ImageVariant {
  buffer: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  variants: Record<VariantName, ImageVariant>;
  /** The upload's size after auto-rotation. */
  width: number;
  height: number;
}

export interface StoredImage {
  keys: string[];
  urls: { thumbnailUrl: string; mediumUrl: string; largeUrl: string };
  /** The large variant: what users.avatar, users.header_image and gallery imageUrl hold. */
  imageUrl: string;
}

/** What a picture's row keeps of a processed and stored upload: every variant's URL and the large size. */
export interface VariantRecord {
  imageUrl: string;
  mediumUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export function variantRecord(processed: ProcessedImage, stored: StoredImage): VariantRecord {
  return {
    imageUrl: stored.urls.largeUrl,
    mediumUrl: stored.urls.mediumUrl,
    thumbnailUrl: stored.urls.thumbnailUrl,
    width: processed.variants.large.width,
    height: processed.variants.large.height,
  };
}

/** A picture about to get its row: whose it is, its variants, and when it came. */
export interface NewPicture extends VariantRecord {
  userId: number;
  now: string;
}

/** The columns every picture table (gallery, spot photos, Instagram media) has for a new picture: its owner and variants. */
export function pictureColumns(picture: NewPicture) {
  return {
    user_id: picture.userId,
    image_url: picture.imageUrl,
    medium_url: picture.mediumUrl,
    thumbnail_url: picture.thumbnailUrl,
    width: picture.width,
    height: picture.height,
  };
}

/**
 * Decompression bombs: a 10000x10000 PNG of one colour is a few kilobytes on the wire but
 * 400 MB once decoded. 40 megapixels covers every phone camera.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Longest side taken. A strip of 39000 x 1000 stays under the pixel cap yet costs far more
 * working memory than its count suggests (wide scanlines, resize buffers); no camera or phone
 * panorama that fits 40 megapixels needs more than 12000 px on one side.
 */
export const MAX_INPUT_SIDE = 12_000;

/**
 * Decoded bytes one upload may take: 40 megapixels of 8-bit RGBA. A 16-bit or many-channel
 * image has to be smaller in pixels to fit.
 */
export const MAX_DECODED_BYTES = MAX_INPUT_PIXELS * 4;

/** Uploads per user and minute, all image kinds together: far more than any person picks by hand. */
export const IMAGE_UPLOAD_LIMIT: Limit = { name: 'imageUpload', max: 30, windowMs: 60_000 };

/**
 * Uploads waiting for a decoder: beyond these the answer is 503 with Retry-After. Each holds
 * only its encoded bytes (at most 10 MB) while it waits.
 */
export const IMAGE_QUEUE_MAX_WAITING = 32;

// Parallelism comes from the queue, one pipeline per core. libvips' own threads per pipeline
// and its operation cache would multiply the memory of each one and keep it after the answer.
sharp.concurrency(1);
sharp.cache(false);

/** Every decode and resize of the process goes through this queue. */
export const imageQueue = new WorkQueue(availableParallelism(), IMAGE_QUEUE_MAX_WAITING);

/**
 * Target size of each variant in pixels: the square's side for avatars, the width of the 3:1
 * crop for headers, the long side for gallery images. Nothing is ever enlarged.
 */
export const VARIANT_SIZES: Record<ImageKind, Record<VariantName, number>> = {
  avatar: { thumbnail: 96, medium: 256, large: 512 },
  header: { thumbnail: 600, medium: 1200, large: 1800 },
  gallery: { thumbnail: 400, medium: 800, large: 1600 },
};

const WEBP_QUALITY: Record<VariantName, number> = { thumbnail: 78, medium: 80, large: 82 };

interface KindRules {
  maxBytes: number;
  /** Mime type as sniffed by file-type -> the format sharp must then report. */
  formats: Record<string, string>;
  tooLarge: string;
  unsupported: string;
}

const PROFILE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/apng': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
const GALLERY_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/apng': 'png', 'image/webp': 'webp' };

const RULES: Record<ImageKind, KindRules> = {
  avatar: { maxBytes: PROFILE_IMAGE_MAX_BYTES, formats: PROFILE_FORMATS, tooLarge: 'imageTooLarge', unsupported: 'imageUnsupportedType' },
  header: { maxBytes: PROFILE_IMAGE_MAX_BYTES, formats: PROFILE_FORMATS, tooLarge: 'imageTooLarge', unsupported: 'imageUnsupportedType' },
  gallery: {
    maxBytes: GALLERY_IMAGE_MAX_BYTES,
    formats: GALLERY_FORMATS,
    tooLarge: 'galleryImageTooLarge',
    unsupported: 'galleryImageInvalidFormat',
  },
};

const tooManyPixels = (megapixels = MAX_INPUT_PIXELS / 1_000_000) => new AppError(413, 'imageTooManyPixels', { megapixels });

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8, complex: 8, dpcomplex: 16 };

/**
 * Checks an upload by its bytes (never its name or declared type), auto-rotates it by its EXIF
 * orientation and re-encodes it to WebP variants without any metadata: no EXIF (GPS, camera
 * serials), no XMP, no IPTC, no ICC (pixels are converted to sRGB). Animated images keep
 * their first frame.
 */
export async function processImage(input: Buffer, kind: ImageKind, queue: WorkQueue = imageQueue): Promise<ProcessedImage> {
  const rules = RULES[kind];
  if (input.length > rules.maxBytes) {
    throw new AppError(413, rules.tooLarge, { maxMb: rules.maxBytes / 1024 / 1024 });
  }
  const unsupported = () => new AppError(415, rules.unsupported);
  const sniffed = await fileTypeFromBuffer(input);
  const expectedFormat = sniffed ? rules.formats[sniffed.mime] : undefined;
  if (!expectedFormat) throw unsupported();

  const decoded = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    // Truncated or broken pixel data fails; mere warnings (common in camera JPEGs) do not.
    failOn: 'error',
    pages: 1,
    autoOrient: true,
  });
  let meta: Metadata;
  try {
    meta = await decoded.metadata();
  } catch (err) {
    throw isPixelLimit(err) ? tooManyPixels() : unsupported();
  }
  // sharp picks its decoder from the bytes too; both must agree, so no polyglot slips through.
  if (meta.format !== expectedFormat || !meta.width || !meta.height) throw unsupported();
  // Everything so far came from the header: an image over budget is refused before any decoding.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (Math.max(meta.width, frameHeight) > MAX_INPUT_SIDE) throw new AppError(413, 'imageDimensionsTooLarge', { maxSide: MAX_INPUT_SIDE });
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) throw tooManyPixels();
  const bytesPerPixel = (meta.channels ?? 4) * (BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 1);
  if (meta.width * frameHeight * bytesPerPixel > MAX_DECODED_BYTES) {
    throw tooManyPixels(Math.floor(MAX_DECODED_BYTES / bytesPerPixel / 1_000_000));
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? frameHeight : meta.width;
  const height = rotated ? meta.width : frameHeight;
  const variants = await queue.run(() => renderVariants(decoded, kind, width, height, unsupported));
  return { variants, width, height };
}

async function renderVariants(
  decoded: Sharp,
  kind: ImageKind,
  width: number,
  height: number,
  unsupported: () => AppError,
): Promise<Record<VariantName, ImageVariant>> {
  const variants = {} as Record<VariantName, ImageVariant>;
  // One variant at a time: running three at once would triple the peak memory of a large upload.
  for (const name of VARIANT_NAMES) {
    const pipeline = resizeFor(decoded.clone(), kind, VARIANT_SIZES[kind][name], width, height)
      .toColourspace('srgb')
      .webp({ quality: WEBP_QUALITY[name], effort: 4 });
    try {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      variants[name] = { buffer: data, width: info.width, height: info.height };
    } catch (err) {
      throw isPixelLimit(err) ? tooManyPixels() : unsupported();
    }
  }
  return variants;
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

function resizeFor(image: Sharp, kind: ImageKind, target: number, width: number, height: number): Sharp {
  if (kind === 'avatar') {
    const side = Math.max(1, Math.min(target, width, height));
    return image.resize(side, side, { fit: 'cover', position: 'centre' });
  }
  if (kind === 'header') {
    const w = Math.max(1, Math.min(target, width, height * 3));
    return image.resize(w, Math.max(1, Math.round(w / 3)), { fit: 'cover', position: 'centre' });
  }
  return image.resize(target, target, { fit: 'inside', withoutEnlargement: true });
}

const VARIANT_SUFFIX = /-(thumbnail|medium|large)\.webp$/;

/**
 * The URL of another variant of a stored image. Variants share one random base name:
 * `/uploads/avatars/12/<random>-thumbnail.webp`, `...-medium.webp`, `...-large.webp`, so from
 * the large URL kept in the database any variant follows by swapping the suffix.
 */
export function variantUrl(url: string, variant: VariantName): string {
  return VARIANT_SUFFIX.test(url) ? url.replace(VARIANT_SUFFIX, `-${variant}.webp`) : url;
}

/** Writes the variants under one new random base name below `prefix` (e.g. `avatars/12`). */
export async function storeImage(storage: Storage, processed: ProcessedImage, prefix: string): Promise<StoredImage> {
  const base = `${prefix.replace(/\/+$/, '')}/${randomBytes(12).toString('hex')}`;
  const keys = VARIANT_NAMES.map((name) => `${base}-${name}.webp`);
  const written = await Promise.allSettled(
    VARIANT_NAMES.map((name, i) => storage.put(keys[i] as string, processed.variants[name].buffer, 'image/webp')),
  );
  const failure = written.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await storage.delete(keys).catch(() => undefined);
    throw failure.reason;
  }
  const [thumbnailUrl, mediumUrl, largeUrl] = keys.map((key) => storage.url(key)) as [string, string, string];
  return { keys, urls: { thumbnailUrl, mediumUrl, largeUrl }, imageUrl: largeUrl };
}

/**
 * Runs `record`, which makes a row point at freshly stored files. When it fails, or its answer
 * says the row is not there (`missing`), no row points at the files and nothing else would ever
 * delete them: they are deleted here, then the error (or `missingError()`) is thrown.
 */
export async function recordStoredImage<T, Missing extends T>(
  stored: StoredImage,
  deleteFiles: (urls: string[]) => Promise<void>,
  record: () => Promise<T>,
  // A record that can find its parent gone (a deleted spot) says so; others always record.
  missing: (answer: T) => answer is Missing = (_answer): _answer is Missing => false,
  missingError: () => Error = () => new Error('the picture was not recorded'),
): Promise<Exclude<T, Missing>> {
  let answer: T;
  try {
    // Noted before the row, so a retry after a crash between the row and the answer finds it.
    await noteStoredImage(stored.imageUrl);
    faultPoint('upload-after-store');
    answer = await record();
  } catch (err) {
    await deleteFiles([stored.imageUrl]).catch(() => undefined);
    throw err;
  }
  if (missing(answer)) {
    await deleteFiles([stored.imageUrl]);
    throw missingError();
  }
  faultPoint('upload-after-row');
  return answer as Exclude<T, Missing>;
}

/**
 * Deletes the files behind image URLs, with every sibling variant of each (so the one large URL
 * a user row keeps is enough). URLs this storage did not hand out (external, empty) are ignored.
 */
export async function deleteImageFiles(storage: Storage, urls: ReadonlyArray<string | null | undefined>): Promise<void> {
  const keys = imageFileKeys(storage, urls);
  if (keys.length) await storage.delete(keys);
}

/**
 * Moves a hidden image's objects out of the public bucket's reach (and back when it is shown
 * again), when browsers fetch them straight from `S3_PUBLIC_URL`; other stores check visibility
 * on every read and need nothing.
 */
export async function setImageFilesHidden(storage: Storage, urls: ReadonlyArray<string | null | undefined>, hidden: boolean): Promise<void> {
  if (!(storage instanceof S3Storage) || storage.settings.reads !== 'public') return;
  await storage.move(imageFileKeys(storage, urls), hidden ? 'hide' : 'show');
}

/** The storage keys behind image URLs, every sibling variant of each included; foreign URLs give none. */
export function imageFileKeys(storage: Pick<Storage, 'keyFromUrl'>, urls: ReadonlyArray<string | null | undefined>): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    const key = storage.keyFromUrl(url);
    if (!key) continue;
    if (VARIANT_SUFFIX.test(key)) {
      for (const name of VARIANT_NAMES) keys.add(key.replace(VARIANT_SUFFIX, `-${name}.webp`));
    } else {
      keys.add(key);
    }
  }
  return [...keys];
}
