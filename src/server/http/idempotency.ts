import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { AppError } from '../errors';
import { withStoredImageNote } from '../lib/images/index';
import { scheduleJob } from '../lib/jobs';
import * as repo from './idempotency-repo';
import type { Upload } from './multipart';

/** How long a key is remembered: a retry a day later is a new upload. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * A key whose request has been running this long is taken to have died with its process (image
 * work takes seconds); a retry then runs it again instead of waiting for an answer that never comes.
 */
export const IDEMPOTENCY_STALE_MS = 2 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Answer {
  status: number;
  body: unknown;
}

/** The hash of an upload's fields and file: the same retry matches, other content does not. */
export function uploadFingerprint(upload: Upload): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(upload.fields).sort()) hash.update(JSON.stringify([name, upload.fields[name]]));
  hash.update('\u0000file\u0000');
  if (upload.file) hash.update(upload.file.buffer);
  return hash.digest('hex');
}

/** The request's Idempotency-Key, lower-cased, or null when it sent none; anything but a UUID is 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !UUID.test(raw.trim())) throw new AppError(400, 'idempotencyKeyInvalid', {}, { field: 'Idempotency-Key' });
  return raw.trim().toLowerCase();
}

/** `storedRef`: the picture an abandoned run of this key had stored, whose row may have committed. */
type Claim = { kind: 'run'; storedRef: string | null } | { kind: 'replay'; answer: Answer };

/**
 * Takes a user's key for one request. The unique (user_id, key) decides between parallel
 * requests: one inserts and runs; the others find its row and get 409 while it runs, its answer
 * once done, or 422 when they carry other content. An expired or abandoned row is taken over
 * by a compare-and-set on its `updated_at`, so only one retry wins it.
 */
async function claim(db: Db, userId: number, key: string, scope: string, fingerprint: string): Promise<Claim> {
  const now = new Date();
  const at = now.toISOString();
  if (await repo.insertRunning(db, userId, key, scope, fingerprint, at)) return { kind: 'run', storedRef: null };

  const row = await repo.findKey(db, userId, key);
  // Deleted between the insert and the read (its request failed): the retry may go ahead next time.
  if (!row) throw new AppError(409, 'idempotencyKeyInFlight');
  const expired = now.getTime() - Date.parse(row.created_at) > IDEMPOTENCY_TTL_MS;
  if (!expired) {
    if (row.scope !== scope || row.fingerprint !== fingerprint) throw new AppError(422, 'idempotencyKeyReused');
    if (row.status === 'done') return { kind: 'replay', answer: { status: row.response_status ?? 200, body: JSON.parse(row.response_body ?? 'null') } };
    if (now.getTime() - Date.parse(row.updated_at) < IDEMPOTENCY_STALE_MS) throw new AppError(409, 'idempotencyKeyInFlight');
  }
  if (!(await repo.takeOver(db, row, { scope, fingerprint, at, renew: expired }))) throw new AppError(409, 'idempotencyKeyInFlight');
  return { kind: 'run', storedRef: expired ? null : row.stored_ref };
}

/**
 * Runs an upload at most once per Idempotency-Key: the browser sends one key per action and the
 * same key when it retries after a lost answer, and gets the first answer again instead of a
 * second image. Without the header the upload simply runs. A failed run forgets its key, so a
 * retry after a 4xx or 5xx runs anew.
 *
 * The run notes on its key the picture it stored before writing the row that names it. A retry
 * that takes over a key abandoned by a dead process asks `replay` for the answer that row gives;
 * only when no row names the picture (the process died before the row) does the upload run again.
 */
export async function idempotentUpload(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { userId: number; scope: string; upload: Upload; replay: (storedRef: string) => Promise<Answer | null> },
  run: () => Promise<Answer>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (!key) {
    const answer = await run();
    return reply.status(answer.status).send(answer.body);
  }
  const claimed = await claim(db, opts.userId, key, opts.scope, uploadFingerprint(opts.upload));
  if (claimed.kind === 'replay') return reply.status(claimed.answer.status).header('idempotent-replayed', 'true').send(claimed.answer.body);
  let answer: Answer;
  try {
    const kept = claimed.storedRef === null ? null : await opts.replay(claimed.storedRef);
    if (kept) {
      await repo.complete(db, opts.userId, key, { status: kept.status, body: JSON.stringify(kept.body) });
      return reply.status(kept.status).header('idempotent-replayed', 'true').send(kept.body);
    }
    answer = await withStoredImageNote((imageUrl) => repo.noteStored(db, opts.userId, key, imageUrl), run);
  } catch (err) {
    await repo.forgetRunning(db, opts.userId, key);
    throw err;
  }
  await repo.complete(db, opts.userId, key, { status: answer.status, body: JSON.stringify(answer.body) });
  return reply.status(answer.status).send(answer.body);
}

/** Forgets keys older than a day (run by a scheduled job). */
export async function sweepIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  return repo.deleteCreatedBefore(db, new Date(now - IDEMPOTENCY_TTL_MS).toISOString());
}

/** Forgets day-old keys every hour while the app runs, once across processes (`scheduleJob`). */
export function scheduleIdempotencySweep(app: FastifyInstance): void {
  scheduleJob(app, {
    name: 'sweeping day-old idempotency keys',
    everyMs: 60 * 60_000,
    run: () => sweepIdempotencyKeys(app.ctx.db),
    report: (deleted) => (deleted > 0 ? { level: 'debug', fields: { deleted }, msg: 'swept day-old idempotency keys' } : undefined),
  });
}
