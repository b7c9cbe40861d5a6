import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CacheStats } from './stats';
import { createTaggedCache, type TaggedCache } from './tagged';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Bodies below this are sent as they are: compressing them saves less than the header costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * One answer kept as bytes: the body, its br and gzip forms (made once, when it was stored), a
 * strong ETag, its content type, and the users who would see it differently (their own things
 * in it: they, and admins, are answered per viewer).
 */
export interface StoredAnswer<Info = unknown> {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  type: string;
  owners: ReadonlySet<number>;
  /** What the route kept beside the bytes (the listing's id, to ask a viewer's own fields). */
  info: Info;
  /** The answer cache's key it is kept under (none for an answer made outside the cache). */
  key?: string;
}

/** What a load makes: a body (a JSON text, an HTML page) and, optionally, more about it. */
export interface AnswerSource<Info = unknown> {
  body: string | Buffer;
  /** Defaults to JSON. */
  type?: string;
  /** Tags known only once the answer is made (say, one per owner shown in a list page). */
  tags?: Iterable<string>;
  owners?: Iterable<number>;
  info?: Info;
}

/**
 * Answers as bytes: what a public read sends to every visitor, serialized and compressed once.
 * The server-rendered pages keep their HTML here too, with the same tags.
 *
 *   const page = await answers.get(`page:home:${lang}`, [tags.featured], async () => ({ body: html, type: 'text/html; charset=utf-8' }));
 *   sendAnswer(request, reply, page);   // src/server/http/answers.ts: 304, br/gzip, headers
 *
 * `invalidate` is the cache's own; writes go through the invalidation hub (ctx.invalidate),
 * which clears every cache of this process and tells the other processes.
 */
export interface AnswerCache {
  get<Info = undefined>(key: string, tags: readonly string[], load: () => Promise<string | Buffer | AnswerSource<Info>>): Promise<StoredAnswer<Info>>;
  /**
   * The answer kept under `key` now, if any, counted as a read of it: what the fast lane checks
   * its entries against before it sends one.
   */
  use(key: string): StoredAnswer | undefined;
  /** Hits, misses and evictions by kind (the first part of the key), fast-lane hits included. */
  stats(): CacheStats;
  invalidate(tags: Iterable<string>): void;
  clear(): void;
  readonly size: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const NOBODY: ReadonlySet<number> = new Set();

/** A strong validator from the bytes: the same answer gets the same tag in every process. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The br and gzip forms of a body (off the event loop, in libuv's pool), or none for a small one. */
export async function compressedForms(body: Buffer): Promise<{ br: Buffer | null; gzip: Buffer | null }> {
  if (body.length < COMPRESS_THRESHOLD) return { br: null, gzip: null };
  const [br, gz] = await Promise.all([
    // Quality 5 of 11: nearly the size of the best, at a small share of its time for a large page.
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 6 }),
  ]);
  return { br, gzip: gz };
}

export async function storeAnswer<Info>(source: string | Buffer | AnswerSource<Info>): Promise<{ value: StoredAnswer<Info>; tags?: Iterable<string> }> {
  const src: AnswerSource<Info> = typeof source === 'string' || Buffer.isBuffer(source) ? { body: source } : source;
  const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
  const { br, gzip } = await compressedForms(body);
  const owners = src.owners ? new Set(src.owners) : NOBODY;
  return {
    value: { body, br, gzip, etag: etagOf(body), type: src.type ?? JSON_TYPE, owners, info: src.info as Info },
    tags: src.tags,
  };
}

/** Bytes held at most, all forms counted: a few hundred large profiles or thousands of list pages. */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export function createAnswerCache({
  ttlMs,
  maxEntries = 2000,
  maxBytes = ANSWER_CACHE_BYTES,
  name = 'answers',
}: {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Counted in the process's totals under this name (`answerCacheStats()`). */
  name?: string;
}): AnswerCache {
  const store: TaggedCache<StoredAnswer> = createTaggedCache({
    ttlMs,
    name,
    maxEntries,
    weigh: (a) => a.body.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0),
    maxWeight: maxBytes,
  });
  return {
    get: <Info>(key: string, tags: readonly string[], load: () => Promise<string | Buffer | AnswerSource<Info>>) =>
      store.get(key, tags, async () => {
        const stored = await storeAnswer(await load());
        stored.value.key = key;
        return stored;
      }) as Promise<StoredAnswer<Info>>,
    use: (key) => store.use(key),
    stats: () => store.stats(),
    invalidate: (tags) => store.invalidate(tags),
    clear: () => store.clear(),
    get size() {
      return store.size;
    },
  };
}
