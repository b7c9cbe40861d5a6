import { readFileSync } from 'node:fs';
import { AppError } from '../../errors';

// The 10,000 most common passwords, one a line, lowercased and deduplicated in rank order
// (source and licence: docs/data-licences.md). A data file the server reads, not code: the web
// never ships it, so the browser checks the other three rules and this one is the server's alone.
const FILE = new URL('./common-passwords.txt', import.meta.url);

let common: Set<string> | undefined;

/** True when the password is one of the 10,000 most common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  // Read on the first new password, once per process: a server that never sees one never pays for it.
  common ??= new Set(readFileSync(FILE, 'utf8').split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}

/**
 * Refuses a common new password as the shared schema refuses the other rules (same error shape,
 * under the field that carried it). The schema has passed, so this is the last rule, checked
 * before anything else happens (a rate-limit count, a reset link used up).
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new AppError(400, 'passwordCommon', {}, { field, fields: { [field]: 'passwordCommon' } });
}
