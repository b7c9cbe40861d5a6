import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { S3Config } from '../../config';
import { AppError } from '../../errors';
import { assertKey, isValidKey, UPLOADS_PREFIX } from './keys';

/**
 * Where a hidden image's objects wait in `public` reads: outside every folder the CDN serves, so
 * a link someone kept stops working. The other modes check visibility on each read instead.
 */
export const HIDDEN_PREFIX = 'hidden/';

/** How long a presigned link stays valid. */
export const SIGNED_URL_SECONDS = 3600;

/**
 * Links are signed as of the start of a window this long, so every read within it gets the same
 * URL (the browser's cache keeps working) and each link still has at least half an hour left.
 */
const SIGNING_WINDOW_MS = 30 * 60_000;

export interface ObjectRead {
  status: 200 | 206 | 304;
  body?: Readable;
  etag?: string;
  contentLength?: number;
  contentRange?: string;
}

/** An error of the store that is the store's fault or unreachability: answered 503, never 500. */
export function storageUnavailable(cause: unknown): AppError {
  const err = new AppError(503, 'storageUnavailable', {}, { retryAfter: 30 });
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = (err as Error).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Uploads in an S3 bucket (AWS or any S3-compatible service), under the same keys and
 * `/uploads/<key>` URLs as the disk, so switching stores rewrites no row. Each object is written
 * once: `If-None-Match: *` refuses to replace one, and its sha256 rides along as metadata for
 * copies and backups to verify.
 */
export class S3Storage {
  readonly client: S3Client;
  /** Signs links without the SDK's default checksum parameters, which a plain browser GET cannot carry. */
  private readonly signer: S3Client;
  readonly bucket: string;
  /** Keys per listing page; S3's own 1000 unless a test wants to see paging with few objects. */
  private readonly listPageSize?: number;

  constructor(
    readonly settings: S3Config,
    overrides: Pick<S3ClientConfig, 'requestHandler' | 'maxAttempts'> & { listPageSize?: number } = {},
  ) {
    this.listPageSize = overrides.listPageSize;
    this.bucket = settings.bucket;
    const base: S3ClientConfig = {
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // An outage must answer within seconds, not after the OS gives up on a connection.
      requestHandler: overrides.requestHandler ?? new NodeHttpHandler({ connectionTimeout: 2_000, requestTimeout: 15_000 }),
      maxAttempts: overrides.maxAttempts ?? 3,
    };
    this.client = new S3Client(base);
    this.signer = new S3Client({ ...base, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const digest = sha256(data);
    try {
      await new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
          Metadata: { sha256: digest },
          IfNoneMatch: '*',
        },
      }).done();
    } catch (err) {
      // A retried write whose first try landed: the same bytes are there, which is what was asked.
      if (statusOf(err) === 412 && (await this.sha256Of(key)) === digest) return;
      if (statusOf(err) === 412) throw new Error(`refusing to overwrite ${key} with other bytes`, { cause: err });
      throw storageUnavailable(err);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageUnavailable(err);
    }
  }

  /**
   * Streams an object for `/uploads/<key>`, passing a single byte range and If-None-Match on.
   * Null when there is no such object.
   */
  async open(key: string, conditions: { range?: string; ifNoneMatch?: string } = {}): Promise<ObjectRead | null> {
    assertKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: conditions.range, IfNoneMatch: conditions.ifNoneMatch }),
      );
      return {
        status: answer.ContentRange ? 206 : 200,
        body: answer.Body as Readable,
        etag: answer.ETag,
        contentLength: answer.ContentLength,
        contentRange: answer.ContentRange,
      };
    } catch (err) {
      if (statusOf(err) === 304) return { status: 304, etag: conditions.ifNoneMatch };
      if (isMissing(err)) return null;
      if ((err as Error).name === 'InvalidRange' || statusOf(err) === 416) throw new AppError(416, 'validation');
      throw storageUnavailable(err);
    }
  }

  /** The sha256 (hex) the object was written with, null when it is missing or carries none. */
  async sha256Of(key: string): Promise<string | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.Metadata?.sha256 ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageUnavailable(err);
    }
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertKey);
    // A hidden image's objects live under the hidden prefix; deleting the image takes those too.
    const all = [...new Set(keys.flatMap((key) => [key, HIDDEN_PREFIX + key]))];
    for (let i = 0; i < all.length; i += 1000) {
      const batch = all.slice(i, i + 1000);
      let answer;
      try {
        answer = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
      } catch (err) {
        throw storageUnavailable(err);
      }
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw storageUnavailable(new Error(`could not delete ${failed.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`));
    }
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

  async *list(prefix?: string): AsyncIterable<string> {
    for await (const object of this.objects(prefix)) yield object.key;
  }

  /** Every object below `prefix` with the time it was written. */
  async *objects(prefix?: string): AsyncIterable<{ key: string; modified: Date }> {
    const start = prefix ? `${prefix.replace(/\/+$/, '')}/` : undefined;
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: start, ContinuationToken: token, MaxKeys: this.listPageSize }));
      } catch (err) {
        throw storageUnavailable(err);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key && isValidKey(object.Key)) yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Whether the bucket answers with these credentials (readiness). */
  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      throw storageUnavailable(err);
    }
  }

  /** A GET link for the object, valid for an hour and the same for every read in a half-hour window. */
  async signedUrl(key: string, now = Date.now()): Promise<{ url: string; freshForSeconds: number }> {
    assertKey(key);
    const windowStart = now - (now % SIGNING_WINDOW_MS);
    const url = await getSignedUrl(this.signer, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: SIGNED_URL_SECONDS,
      signingDate: new Date(windowStart),
    });
    return { url, freshForSeconds: Math.max(1, Math.floor((windowStart + SIGNING_WINDOW_MS - now) / 1000)) };
  }

  /** Where `public` reads send a browser for a key. */
  publicUrl(key: string): string {
    assertKey(key);
    return `${this.settings.publicUrl ?? ''}/${key}`;
  }

  /** Moves objects under the hidden prefix (`hide`) or back; an object already moved is skipped. */
  async move(keys: string[], direction: 'hide' | 'show'): Promise<void> {
    for (const key of keys) {
      assertKey(key);
      const [from, to] = direction === 'hide' ? [key, HIDDEN_PREFIX + key] : [HIDDEN_PREFIX + key, key];
      try {
        await this.client.send(
          new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURI(from)}`, MetadataDirective: 'COPY' }),
        );
      } catch (err) {
        if (isMissing(err)) continue;
        throw storageUnavailable(err);
      }
      try {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: [{ Key: from }], Quiet: true } }));
      } catch (err) {
        throw storageUnavailable(err);
      }
    }
  }
}

/**
 * The origin browsers load images from besides this server: the bucket's in `presigned`
 * reads, the CDN's in `public`; none in `proxy` (images stay same-origin).
 */
export function s3ImageOrigin(settings: S3Config | null): string | null {
  if (!settings || settings.reads === 'proxy') return null;
  if (settings.reads === 'public') return settings.publicUrl ? new URL(settings.publicUrl).origin : null;
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  if (settings.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
