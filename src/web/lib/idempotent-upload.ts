import { ApiError, upload, type UploadOptions } from './api';

/** The waits before the second and third attempt of an upload. */
const RETRY_DELAYS_MS = [1000, 3000];

/** A version 4 UUID; `crypto.randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer (a lost connection, a timeout) or "still running": worth another try with the same key. */
const retryable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 409);

/**
 * An upload to a route that takes an Idempotency-Key (docs/decisions/042): one key for this
 * upload, sent again when a lost connection, a timeout or a 409 makes it try again (three
 * attempts in all), so a retry never stores the picture twice. Every other answer is final.
 */
export async function idempotentUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const headers = { 'Idempotency-Key': newIdempotencyKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return await upload<T>(path, form, { ...options, headers });
    } catch (err) {
      if (!retryable(err) || attempt >= RETRY_DELAYS_MS.length || options.signal?.aborted) throw err;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}
