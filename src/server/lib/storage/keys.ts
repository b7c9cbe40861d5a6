/** Where uploads are served and what their URLs in the database start with, on every store. */
export const UPLOADS_PREFIX = '/uploads/';

// At most 255 characters a segment: no file system names a longer file, so a longer one names none.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
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

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

