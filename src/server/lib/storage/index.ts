import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { notFound } from '../../errors';

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
}

export const UPLOADS_PREFIX = '/uploads/';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const KEY_MAX_LENGTH = 512;

/**
 * Whether a key is safe to join to a folder or send to a bucket: relative, no empty, `.` or
 * `..` segments, only plain characters. Rejecting rather than normalising means no encoding
 * trick can reach outside the uploads folder.
 */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  return key.split('/').every((segment) => segment !== '.' && segment !== '..' && SEGMENT.test(segment));
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

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

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(UPLOADS_PREFIX)) return null;
    const key = url.slice(UPLOADS_PREFIX.length).split(/[?#]/)[0] ?? '';
    return isValidKey(key) ? key : null;
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

/**
 * Picks the storage once from the config. Disk is the embedded default; an S3 adapter
 * implementing the same interface is chosen here once the config carries bucket settings.
 */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return new DiskStorage(config.dataDir);
}

/**
 * Serves `GET /uploads/<key>` from `<dataDir>/uploads`. Keys are random and a changed image
 * gets a new key, so a file never changes under its URL: browsers may keep it for a year.
 */
export function registerUploads(app: FastifyInstance, storage: Storage, dataDir: string): void {
  const disk = storage instanceof DiskStorage ? storage : new DiskStorage(dataDir);
  sweepAtStart(app, disk.root);
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key)) throw notFound();
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
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(createReadStream(file));
  });
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
