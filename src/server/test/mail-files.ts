import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A mail file's text as a person reads it: quoted-printable soft breaks joined and escapes decoded. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails the file mailer wrote to `email` under `dataDir`, oldest first, decoded. */
export function mailsTo(dataDir: string, email: string): string[] {
  const dir = path.join(dataDir, 'mail');
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(dir, f), 'latin1')));
}
