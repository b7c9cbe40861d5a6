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
 * One answer kept as bytes: the body, its br and gzip forms (each made once, when a client first
 * takes it: `formOf`), a strong ETag, its content type, and the users who would see it
 * differently (their own things in it: they, and admins, are answered per viewer).
 */
export interface StoredAnswer<Info = unknown> {
  body: Buffer;
  /** The br form once made; null until a client took br (and always for a body too small to compress). */
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

export type Coding = 'br' | 'gzip';

function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  // Quality 5 of 11: nearly the size of the best, at a small share of its time for a large page.
  if (coding === 'br') return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return gzipped(body, { level: 6 });
}

const making = new WeakMap<StoredAnswer, Partial<Record<Coding, Promise<Buffer>>>>();

/**
 * The answer's form in `coding`, compressed off the event loop (in libuv's pool) the first time a
 * client takes it and kept on the answer for the next. Made on demand rather than when the answer
 * is stored: a miss answers its own client, so it pays for the one form that client takes (a
 * browser's br), not for a gzip form most answers never send, nor for any form when the client
 * takes none. Concurrent first requests share one compression.
 */
export function formOf(answer: StoredAnswer, coding: Coding): Promise<Buffer> {
  const made = answer[coding];
  if (made) return Promise.resolve(made);
  let pending = making.get(answer);
  if (!pending) making.set(answer, (pending = {}));
  const forms = pending;
  forms[coding] ??= compress(answer.body, coding).then(
    (bytes) => (answer[coding] = bytes),
    (err: unknown) => {
      delete forms[coding];
      throw err;
    },
  );
  return forms[coding];
}

export function storeAnswer<Info>(source: string | Buffer | AnswerSource<Info>): { value: StoredAnswer<Info>; tags?: Iterable<string> } {
  const src: AnswerSource<Info> = typeof source === 'string' || Buffer.isBuffer(source) ? { body: source } : source;
  const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
  const owners = src.owners ? new Set(src.owners) : NOBODY;
  return {
    value: { body, br: null, gzip: null, etag: etagOf(body), type: src.type ?? JSON_TYPE, owners, info: src.info as Info },
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
    // Weighed when stored, before any form is made: the body twice holds it and both its forms
    // (br and gzip of JSON and HTML come to well under half the body each).
    weigh: (a) => a.body.length * 2,
    maxWeight: maxBytes,
  });
  return {
    get: <Info>(key: string, tags: readonly string[], load: () => Promise<string | Buffer | AnswerSource<Info>>) =>
      store.get(key, tags, async () => {
        const stored = storeAnswer(await load());
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
