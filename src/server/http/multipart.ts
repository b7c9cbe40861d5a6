import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GALLERY_IMAGE_MAX_BYTES } from '../../common/constants';
import { AppError } from '../errors';
import { faultPoint } from '../lib/faults';

/**
 * The largest upload any route takes (the gallery's 10 MB) plus one byte, so that "one byte
 * too many" is still read and refused by the image pipeline with its own text, and anything
 * larger is cut off while streaming instead of being buffered.
 */
const MAX_FILE_BYTES = GALLERY_IMAGE_MAX_BYTES + 1;

/**
 * Registers @fastify/multipart in a scope of its own for the routes that read uploads
 * (`withUploads`). The JSON body limit of 1 MB does not apply to multipart streams; these
 * limits do. Not on the root app: the plugin adds two hooks to every request of its scope
 * (temporary file cleanup we never need, since uploads are read into memory).
 */
export async function registerMultipart(app: FastifyInstance, opts: { maxFileBytes?: number } = {}): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: opts.maxFileBytes ?? MAX_FILE_BYTES,
      files: 1,
      // Repeated styleIds are one field each: room for every style plus caption, type, userId.
      fields: 40,
      fieldSize: 16 * 1024,
      parts: 42,
      headerPairs: 100,
    },
  });
}

/**
 * Declares upload routes in a scope with multipart bodies, under the plugin's prefix. A scope
 * whose routes stream a larger file to disk (the admin's city import) names its own limit.
 */
export async function withUploads(app: FastifyInstance, routes: (scope: FastifyInstance) => void, opts: { maxFileBytes?: number } = {}): Promise<void> {
  await app.register(async (scope) => {
    await registerMultipart(scope, opts);
    routes(scope);
  });
}

export interface Upload {
  file: { buffer: Buffer; filename: string; mimetype: string } | null;
  /** Each field's values; repeated fields (styleIds) keep every value in order. */
  fields: Record<string, string[]>;
}

/**
 * Reads a multipart form with at most one file into memory. `tooLarge` is the error of the
 * route's image kind, answered when the file goes over `maxBytes` while streaming.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes?: number; tooLarge: () => AppError; fileField?: string },
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupportedMediaType');
  const fileField = opts.fileField ?? 'image';
  const fields: Record<string, string[]> = {};
  let file: Upload['file'] = null;
  const limits = opts.maxBytes ? { limits: { fileSize: Math.min(opts.maxBytes, MAX_FILE_BYTES) } } : undefined;
  try {
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        faultPoint('upload-mid-transfer');
        // Any other file field is read and dropped; only the image is kept.
        const buffer = await part.toBuffer();
        if (part.fieldname === fileField && !file) file = { buffer, filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        (fields[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (err) {
    throw uploadError(err, opts.tooLarge);
  }
  return { file, fields };
}

function uploadError(err: unknown, tooLarge: () => AppError): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError(413, 'tooLarge');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || code === 'FST_MP_PREMATURE_CLOSE') {
    return new AppError(400, 'validation');
  }
  // Busboy's own complaints about a malformed body ("Unexpected end of form", bad boundary).
  if (err instanceof Error && /multipart|boundary|unexpected end|malformed/i.test(err.message)) return new AppError(400, 'validation');
  return err;
}

/** The last value of a single-valued form field, as zod schemas take it. */
export function field(fields: Upload['fields'], name: string): string | undefined {
  const values = fields[name];
  return values ? values[values.length - 1] : undefined;
}
