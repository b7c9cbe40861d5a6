import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { hasControlCharacters } from '../common/text';
import { GENERIC_INPUT_KEY, parseWithKeys } from '../common/schemas/parse';
import { isErrorKey, requestLanguage, t } from './i18n';

/**
 * The one error type of the server: an HTTP status, an i18n key in the errors namespace and
 * optional extra fields for the answer (e.g. `retryAfter`).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly params: Record<string, unknown> = {},
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export const badRequest = (code = 'validation', params?: Record<string, unknown>) => new AppError(400, code, params);
export const unauthorized = (code = 'unauthorized') => new AppError(401, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const notFound = (code = 'notFound') => new AppError(404, code);
export const conflict = (code: string) => new AppError(409, code);

// Deep enough for every form and query; deeper input is not walked, and no schema takes it.
const MAX_DEPTH = 8;

/** The path of the first string in `data` (its keys too) holding a control character, or null. */
export function controlCharacterPath(data: unknown, depth = 0): (string | number)[] | null {
  if (typeof data === 'string') return hasControlCharacters(data) ? [] : null;
  if (depth >= MAX_DEPTH || data === null || typeof data !== 'object') return null;
  // Binary data (an upload's buffer) holds bytes, not text.
  if (ArrayBuffer.isView(data) || data instanceof ArrayBuffer) return null;
  const entries: [string | number, unknown][] = Array.isArray(data) ? data.map((v, i) => [i, v]) : Object.entries(data);
  for (const [key, value] of entries) {
    if (typeof key === 'string' && hasControlCharacters(key)) return [key];
    const inner = controlCharacterPath(value, depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

/** The 400 answer for a text holding a control character, naming the field. */
export function controlCharacterError(path: (string | number)[]): AppError {
  const field = path.join('.') || undefined;
  return new AppError(400, 'controlCharacters', {}, { field, fields: field ? { [field]: 'controlCharacters' } : {} });
}

/**
 * Validates with a shared zod schema. Schema messages are i18n keys of the errors
 * namespace (the form shows the same key), so the first issue becomes the answer's text.
 * Control characters are refused in any string first, whatever the schema, so none reaches
 * the database (PostgreSQL fails on NUL in text).
 */
export function parse<S extends ZodType>(schema: S, data: unknown): z.infer<S> {
  const control = controlCharacterPath(data);
  if (control) throw controlCharacterError(control);
  const result = parseWithKeys(schema, data);
  if (result.success) return result.data;
  throw zodToAppError(result.error);
}

/**
 * An issue's message as a key of the errors namespace. Anything else (zod's own English phrase,
 * from a schema parsed without `parseWithKeys`) becomes the generic key: library wording never
 * reaches an answer.
 */
function issueKey(issue: ZodError['issues'][number]): string {
  return isErrorKey(issue.message) ? issue.message : GENERIC_INPUT_KEY;
}

function zodToAppError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const fields = Object.fromEntries(error.issues.map((i) => [i.path.join('.'), issueKey(i)]));
  if (!issue) return new AppError(400, GENERIC_INPUT_KEY, {}, { field, fields });
  const key = issueKey(issue);
  // A schema naming a missing thing (an id past the columns' range) answers as a lookup would.
  const status = /^(notFound|\w+NotFound)$/.test(key) ? 404 : 400;
  return new AppError(status, key, key === GENERIC_INPUT_KEY ? {} : issueParams(issue), { field, fields });
}

function issueParams(issue: ZodError['issues'][number]): Record<string, unknown> {
  // Custom issues carry their own values (e.g. a caption's length) for the text.
  const i = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> };
  return { min: i.minimum, max: i.maximum, ...i.params };
}

// PostgreSQL's codes for a server going away or not taking connections (classes 08 and 57P),
// and the socket errors and pool timeout of a database that cannot be reached.
const UNAVAILABLE_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)|terminating connection due to administrator command/i;

/** Whether an error means the database is out of reach for now (answered 503), not a fault of the request or the code. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(err.message);
}

/** Maps every error to the JSON answer `{success: false, error, message}` in the request's language. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    let appError: AppError;
    if (err instanceof AppError) appError = err;
    else if (err instanceof ZodError) appError = zodToAppError(err);
    else {
      const fe = err as FastifyError;
      if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fe.statusCode === 400 && /JSON/i.test(fe.message))) {
        appError = new AppError(400, 'invalidJson');
      } else if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE') {
        appError = new AppError(413, 'tooLarge');
      } else if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
        appError = new AppError(415, 'unsupportedMediaType');
      } else if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
        appError = new AppError(fe.statusCode, 'validation');
      } else if (isDatabaseUnavailable(err)) {
        request.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database unavailable');
        appError = new AppError(503, 'databaseUnavailable', {}, { retryAfter: 5 });
      } else {
        request.log.error({ err }, 'unhandled error');
        appError = new AppError(500, 'serverError');
      }
    }
    const text = t(request.lang, appError.code, appError.params);
    if (appError.extra.retryAfter !== undefined) reply.header('Retry-After', String(appError.extra.retryAfter));
    return reply.status(appError.status).send({ success: false, error: text, message: text, code: appError.code, ...appError.extra });
  });
}

/**
 * Fastify's answer to a URL its router cannot read (a malformed escape like `%ZZ`, a path
 * parameter past its length limit), given before any hook or the error handler runs: the same
 * `{error}` in the request's language as every other refusal, not Fastify's English.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLanguage(request.headers);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const text = t(lang, 'validation');
  void reply.status(status).send({ success: false, error: text, message: text, code: 'validation' });
}
