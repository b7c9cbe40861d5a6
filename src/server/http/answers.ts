import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD, formOf, type Coding, type StoredAnswer } from '../lib/answer-cache/bytes';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Browsers may keep a public answer but must ask again each time (304 when unchanged); `private`
 * keeps shared caches out, since the same address answers an owner with their own fields.
 */
export const REVALIDATE = 'private, no-cache';
/** Answers depend on the language headers and come in several encodings. */
const VARY = 'Accept-Encoding, Accept-Language, X-Language';

/** If-None-Match compares weakly (RFC 9110 13.1.2), and may list several tags or "*". */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Whether the Accept-Encoding header takes `coding` (a `q=0` refuses it). */
export function accepts(header: string | undefined, coding: Coding): boolean {
  if (!header) return false;
  const at = header.indexOf(coding);
  if (at < 0) return false;
  // The common headers ("gzip, deflate, br, zstd") carry no weights: one scan decides.
  if (!header.includes('q=')) return true;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The form an answer goes out in for this Accept-Encoding header: br, else gzip, else none (the
 * plain bytes; also for a body below COMPRESS_THRESHOLD).
 */
export function codingFor(answer: StoredAnswer, acceptEncoding: string | undefined): Coding | null {
  if (answer.body.length < COMPRESS_THRESHOLD) return null;
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

/**
 * Sends a stored answer: 304 when the client holds it, its br or gzip form when the client takes
 * one (made the first time, then kept on the answer), the plain bytes otherwise. No serialization
 * happens here; routes that send stored answers opt out of @fastify/compress (`compress: false`).
 */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer, cacheControl = REVALIDATE): Promise<FastifyReply> {
  reply.header('cache-control', cacheControl).header('vary', VARY).header('etag', answer.etag).header('content-type', answer.type);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    remember(request, reply, answer);
    return reply.code(304).send();
  }
  const coding = codingFor(answer, request.headers['accept-encoding']);
  const body = coding ? await formOf(answer, coding) : answer.body;
  remember(request, reply, answer);
  if (coding) reply.header('content-encoding', coding);
  return reply.send(body);
}

/** The next identical request of this visitor or reader is served before Fastify while the answer stays kept. */
function remember(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): void {
  request.server.fastLane.remember(request, answer, reply.getHeaders() as Record<string, string>);
}

/**
 * Sends an answer made for this viewer alone (an owner's, an admin's): never stored, never
 * revalidated, compressed off the event loop when large, as @fastify/compress would have.
 */
export async function sendPersonal(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, type = 'application/json; charset=utf-8'): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').header('vary', VARY).header('content-type', type);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length >= COMPRESS_THRESHOLD) {
    const ae = request.headers['accept-encoding'];
    if (accepts(ae, 'br')) {
      const br = await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      return reply.header('content-encoding', 'br').send(br);
    }
    if (accepts(ae, 'gzip')) return reply.header('content-encoding', 'gzip').send(await gzipped(bytes));
  }
  return reply.send(bytes);
}

/**
 * A public read answered from the answer cache: the visitors' answer, stored once, goes to every
 * visitor and to every logged-in viewer it does not concern; its owners (who see their own
 * fields, `can.edit` and the like) and admins get an answer made for them by `personal`.
 */
export async function replyPublic<Info>(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: StoredAnswer<Info>,
  personal: () => Promise<unknown>,
): Promise<FastifyReply> {
  if (isPersonal(request, stored)) return sendPersonal(request, reply, JSON.stringify(await personal()));
  return sendAnswer(request, reply, stored);
}

/** Whether the viewer sees the stored answer differently: its owners and admins do. */
export function isPersonal(request: FastifyRequest, stored: StoredAnswer<unknown>): boolean {
  const viewer = request.user;
  return !!viewer && (viewer.role === 'admin' || stored.owners.has(viewer.id));
}
