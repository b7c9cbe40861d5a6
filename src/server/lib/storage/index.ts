import { createReadStream } from 'node:fs';
import { access, constants as fsConstants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { notFound } from '../../errors';
import { assertKey, InvalidKeyError, isValidKey, UPLOADS_PREFIX } from './keys';
import { HIDDEN_PREFIX, S3Storage } from './s3';

/**
 * Where uploaded files live. Keys are relative, slash-separated names such as
 * `avatars/12/<random>-large.webp`; the same interface fits a disk folder and an
 * S3-compatible bucket (put/get/delete by key, url() pointing at the bucket or a CDN).
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes every key; missing files are not an error (deleting is idempotent). */
  delete(keys: string[]): Promise<void>;
  /** The public URL of a key, as stored in the database. */
  url(key: string): string;
  /** The key behind a URL this storage handed out, or null for any other URL. */
  keyFromUrl(url: string): string | null;
  /**
   * Every stored key below `prefix` (a folder such as `gallery/12`, no trailing slash needed;
   * all keys when absent), in no promised order. Backups and the collector walk the store with it.
   */
  list(prefix?: string): AsyncIterable<string>;
  /** Resolves when the store can be read and written now; throws when not. Readiness asks it, so it must be cheap. */
  ping(): Promise<void>;
}

export { InvalidKeyError, isValidKey, UPLOADS_PREFIX } from './keys';
export { HIDDEN_PREFIX, S3Storage, s3ImageOrigin, storageUnavailable } from './s3';
export { collectObjects, COLLECT_AFTER_MS, markForDeletion } from './collector';
export { isMarked } from './marks-repo';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Files under `<dataDir>/uploads/<key>`, served by registerUploads at `/uploads/<key>`. */
export class DiskStorage implements Storage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** The absolute file of a key; throws on a key that is not valid. */
  filePath(key: string): string {
    assertKey(key);
    const file = path.resolve(this.root, key);
    // Defence in depth: the key check already makes this impossible.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError(key);
    return file;
  }

  // The type needs no record on disk: registerUploads derives it from the extension.
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.filePath(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const files = keys.map((key) => this.filePath(key));
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }

  url(key: string): string {
    assertKey(key);
    return UPLOADS_PREFIX + key;
  }

  // The folder is made on the first upload; a fresh install with none yet is ready all the same.
  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, fsConstants.R_OK | fsConstants.W_OK);
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(UPLOADS_PREFIX)) return null;
    const key = url.slice(UPLOADS_PREFIX.length).split(/[?#]/)[0] ?? '';
    return isValidKey(key) ? key : null;
  }

  async *list(prefix?: string): AsyncIterable<string> {
    const start = prefix ? this.filePath(prefix.replace(/\/+$/, '')) : this.root;
    yield* walkKeys(this.root, start);
  }
}

/** The keys of the files below `dir`, skipping temp files of writes in progress. */
async function* walkKeys(root: string, dir: string): AsyncIterable<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walkKeys(root, file);
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      const key = path.relative(root, file).split(path.sep).join('/');
      if (isValidKey(key)) yield key;
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * How old a `*.tmp` file has to be before a sweep takes it for a leftover: a write takes
 * milliseconds, but another process sharing the folder may be in the middle of one.
 */
export const TEMP_FILE_GRACE_MS = 60_000;

/**
 * Deletes the `*.tmp` files below `root` older than `graceMs`: what writes interrupted by a
 * crash or a kill left behind (a finished write renames its temp file away). Answers how many
 * went and how many were kept as possibly still being written.
 */
export async function sweepTempFiles(root: string, graceMs = TEMP_FILE_GRACE_MS): Promise<{ deleted: number; kept: number }> {
  const result = { deleted: 0, kept: 0 };
  const cutoff = Date.now() - graceMs;
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(file);
      } else if (entry.isFile() && entry.name.endsWith('.tmp')) {
        let modified: number;
        try {
          modified = (await stat(file)).mtimeMs;
        } catch (err) {
          // Renamed or swept by someone else meanwhile.
          if (isMissing(err)) continue;
          throw err;
        }
        if (modified > cutoff) {
          result.kept++;
        } else {
          await rm(file, { force: true });
          result.deleted++;
        }
      }
    }
  };
  await walk(root);
  return result;
}

/** Picks the storage once from the config: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>): Storage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.dataDir);
}

/**
 * Who may see the image behind a key, asked before anything is served or signed: `public` for
 * anyone, `private` for this viewer only (a hidden image, to its owner or an admin), `gone`
 * when it is deleted or hidden from this viewer.
 */
export type UploadAccess = 'public' | 'private' | 'gone';
export type UploadGuard = (key: string, request: FastifyRequest) => Promise<UploadAccess>;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A hidden image shown to its owner or an admin: no shared cache may keep it. */
const PRIVATE = 'private, no-cache';

/** The key after `/uploads/`; isValidKey decides, so any other text is a 404. */
const uploadKeyParams = z.object({ '*': z.string() });

/**
 * Serves `GET /uploads/<key>` from `<dataDir>/uploads`. Keys are random and a changed image
 * gets a new key, so a file never changes under its URL: browsers may keep it for a year.
 */
export function registerUploads(app: FastifyInstance, storage: Storage, dataDir: string, guard: UploadGuard = async () => 'public'): void {
  if (storage instanceof S3Storage) {
    app.get('/uploads/*', { config: { input: { params: uploadKeyParams } } }, async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      if (!isValidKey(key)) throw notFound();
      const access = await guard(key, request);
      if (access === 'gone') throw notFound();
      return serveFromBucket(storage, key, access, request, reply);
    });
    return;
  }
  const disk = storage instanceof DiskStorage ? storage : new DiskStorage(dataDir);
  sweepAtStart(app, disk.root);
  app.get('/uploads/*', { config: { input: { params: uploadKeyParams } } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key)) throw notFound();
    const access = await guard(key, request);
    if (access === 'gone') throw notFound();
    const file = disk.filePath(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) throw notFound();
      size = info.size;
    } catch (err) {
      if (isMissing(err)) throw notFound();
      throw err;
    }
    return reply
      .header('Content-Type', contentTypeOf(key))
      .header('Content-Length', String(size))
      .header('Cache-Control', access === 'public' ? IMMUTABLE : PRIVATE)
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(file));
  });
}

/** A single byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`); S3 answers several with the whole object anyway. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * `/uploads/<key>` on a bucket: streamed through this server (`proxy`, and every hidden image
 * its owner looks at), or redirected to a signed link (`presigned`) or the CDN (`public`).
 */
async function serveFromBucket(storage: S3Storage, key: string, access: Exclude<UploadAccess, 'gone'>, request: FastifyRequest, reply: FastifyReply) {
  const reads = storage.settings.reads;
  if (access === 'public' && reads === 'presigned') {
    const { url, freshForSeconds } = await storage.signedUrl(key);
    return reply.header('Cache-Control', `private, max-age=${freshForSeconds}`).redirect(url, 302);
  }
  if (access === 'public' && reads === 'public') {
    // Not immutable: hiding the image moves its objects away from this address.
    return reply.header('Cache-Control', 'public, max-age=300').redirect(storage.publicUrl(key), 302);
  }
  const range = request.headers.range;
  const ifNoneMatch = request.headers['if-none-match'];
  const object = await storage.open(access === 'private' && reads === 'public' ? HIDDEN_PREFIX + key : key, {
    range: range && SINGLE_RANGE.test(range) ? range : undefined,
    ifNoneMatch: typeof ifNoneMatch === 'string' && ifNoneMatch.length <= 200 ? ifNoneMatch : undefined,
  });
  if (!object) throw notFound();
  reply
    .header('Cache-Control', access === 'public' ? IMMUTABLE : PRIVATE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes');
  if (object.etag) reply.header('ETag', object.etag);
  if (object.status === 304) return reply.status(304).send();
  reply.status(object.status).header('Content-Type', contentTypeOf(key));
  if (object.contentLength !== undefined) reply.header('Content-Length', String(object.contentLength));
  if (object.contentRange) reply.header('Content-Range', object.contentRange);
  return reply.send(object.body);
}

/**
 * Sweeps leftover temp files when the app starts, and once more after the grace period for
 * those that were too young to tell from a write in progress. A failed sweep only costs disk
 * space, so it is logged and never stops the start.
 */
function sweepAtStart(app: FastifyInstance, root: string): void {
  let again: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const { deleted, kept } = await sweepTempFiles(root);
      if (deleted) app.log.info({ deleted }, 'deleted temp files of interrupted uploads');
      return kept;
    } catch (err) {
      app.log.warn({ err }, 'could not sweep temp files of interrupted uploads');
      return 0;
    }
  };
  app.addHook('onReady', async () => {
    if ((await sweep()) > 0) again = setTimeout(() => void sweep(), TEMP_FILE_GRACE_MS + 1000).unref();
  });
  app.addHook('onClose', async () => clearTimeout(again));
}
