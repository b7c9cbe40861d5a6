import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { processImage, VARIANT_NAMES, VARIANT_SIZES, type ImageKind, type ProcessedImage } from '../../../lib/images/index';
import { designFor, type Design, type Family } from './designs';
import { rng, seedOf } from './random';
import { renderTattooPhoto, shotFor, type Aspect, type Shot } from './skin';

/**
 * The demo world's tattoo photos: each piece follows from its id alone (family, design, body,
 * skin, fresh or healed), is rendered once and kept on disk with its sized variants, so a fresh
 * data directory (every e2e run, every `npm start` on a new checkout) copies files instead of
 * drawing some 270 pictures again.
 *
 * Bump GENERATOR_VERSION whenever a change to the generators changes what a piece looks like:
 * the cache is keyed by it.
 */
export const GENERATOR_VERSION = 1;

export interface Piece {
  /** Stable across runs: `p-<account>-<n>` for portfolio pictures, `h-<account>` for headers. */
  id: string;
  family: Family;
  fresh: boolean;
  aspect?: Aspect;
  size?: { width: number; height: number };
}

export interface PieceLook {
  design: Design;
  shot: Shot;
}

/** What a piece shows, without rendering it: the captions need this on a warm cache too. */
export function lookOf(piece: Piece): PieceLook {
  const r = rng(seedOf(`${GENERATOR_VERSION}:${piece.id}:${piece.family}`));
  const design = designFor(piece.family, r);
  const shot = { ...shotFor(design, r, piece.fresh, piece.aspect), size: piece.size };
  return { design, shot };
}

/** The source photo of a piece as JPEG bytes; the same bytes for the same piece on every machine. */
export async function renderPiece(piece: Piece): Promise<Buffer> {
  const r = rng(seedOf(`${GENERATOR_VERSION}:${piece.id}:${piece.family}`));
  const design = designFor(piece.family, r);
  const shot = { ...shotFor(design, r, piece.fresh, piece.aspect), size: piece.size };
  return renderTattooPhoto(design, shot, r);
}

/**
 * Where rendered pieces are kept: node_modules/.cache of the checkout (wiped with
 * node_modules, never committed, shared by every data directory and test run), else the
 * system's temporary directory.
 */
export function pieceCacheDir(): string {
  const modules = path.resolve('node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'tattoo-guest-spots-demo') : path.join(tmpdir(), 'tattoo-guest-spots-demo');
}

// The variants depend on the image pipeline's sizes and libvips too: a change there misses the cache.
const PIPELINE = createHash('sha256')
  .update(JSON.stringify({ sizes: VARIANT_SIZES, vips: sharp.versions.vips }))
  .digest('hex')
  .slice(0, 10);

const entryDir = (piece: Piece, kind: ImageKind) => path.join(pieceCacheDir(), `v${GENERATOR_VERSION}-${PIPELINE}`, kind, `${piece.id}-${piece.family}-${piece.fresh ? 'f' : 'h'}-${(piece.aspect ?? 'auto').replace(':', 'x')}`);

interface CachedMeta {
  width: number;
  height: number;
  variants: Record<(typeof VARIANT_NAMES)[number], { width: number; height: number }>;
}

async function readCached(dir: string): Promise<{ processed: ProcessedImage; source: Buffer } | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as CachedMeta;
    const [source, ...buffers] = await Promise.all([readFile(path.join(dir, 'source.jpg')), ...VARIANT_NAMES.map((name) => readFile(path.join(dir, `${name}.webp`)))]);
    const variants = Object.fromEntries(VARIANT_NAMES.map((name, i) => [name, { buffer: buffers[i] as Buffer, ...meta.variants[name] }])) as ProcessedImage['variants'];
    return { processed: { variants, width: meta.width, height: meta.height }, source: source as Buffer };
  } catch {
    return null;
  }
}

/** Written to a directory of its own, then renamed into place: a reader never sees half an entry. */
async function writeCached(dir: string, source: Buffer, processed: ProcessedImage): Promise<void> {
  const temporary = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(temporary, { recursive: true });
    const meta: CachedMeta = {
      width: processed.width,
      height: processed.height,
      variants: Object.fromEntries(VARIANT_NAMES.map((name) => [name, { width: processed.variants[name].width, height: processed.variants[name].height }])) as CachedMeta['variants'],
    };
    await Promise.all([
      writeFile(path.join(temporary, 'source.jpg'), source),
      ...VARIANT_NAMES.map((name) => writeFile(path.join(temporary, `${name}.webp`), processed.variants[name].buffer)),
    ]);
    await writeFile(path.join(temporary, 'meta.json'), JSON.stringify(meta));
    await rename(temporary, dir);
  } catch {
    // Another process stored the same piece first, or the cache is not writable: the seed goes on without it.
  } finally {
    await rm(temporary, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** A piece's sized variants (and source), from the cache or rendered and processed now. */
export async function processedPiece(piece: Piece, kind: ImageKind): Promise<{ processed: ProcessedImage; source: Buffer }> {
  const dir = entryDir(piece, kind);
  const cached = await readCached(dir);
  if (cached) return cached;
  const source = await renderPiece(piece);
  const processed = await processImage(source, kind);
  await writeCached(dir, source, processed);
  return { processed, source };
}

/** Runs `work` over `items` with at most `limit` in flight, answers in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}
